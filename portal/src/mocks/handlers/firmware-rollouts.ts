import {
  changeFirmwareRolloutState,
  createFirmwareRollout,
  getFirmwareRollout,
  listFirmwareRolloutDevices,
  listFirmwareRollouts,
  rollbackFirmwareRollout,
} from '@services/firmware/rollouts';
import { answering } from '../adapter/answer';
import { listParamsOf } from '../adapter/list-params';
import type { WorldDb } from '../world/db';
import { firmwareCall } from './firmware-releases';
import type { ApiHttp } from './http';
import { readJsonObject } from './lib/body';
import { type FirmwareHandlerOptions, type OtaListener, settleRollout } from './lib/firmware';
import { firmwareFilterFor } from './lib/scope';
import type { AuthContext } from './lib/auth-context';

/**
 * The demo's simulated devices move on to now before a rollout is read or changed (decision 0075): the rollouts the
 * caller sees (or the one named), settled and persisted; then the services answer.
 */
export async function settleSeen(
  db: WorldDb,
  ctx: AuthContext,
  onUpdate: OtaListener | undefined,
  id?: string,
): Promise<void> {
  const sees = firmwareFilterFor(ctx);
  const now = Date.now();
  const rollouts = id
    ? [db.tables.firmwareRollouts.get(id)].filter((r) => r !== undefined)
    : db.tables.firmwareRollouts.all();
  for (const r of rollouts) if (sees(r)) settleRollout(db, r, now, onUpdate);
  await db.persist();
}

/** Staged firmware rollouts (`FOTA`): adapters over the rollout services and their state machine (decision 0074). */
export function createFirmwareRolloutHandlers(http: ApiHttp, options: FirmwareHandlerOptions = {}) {
  const call = async (request: Request, id?: string) => {
    const c = await firmwareCall(request, { simulation: options.simulation, onUpdate: options.onUpdate });
    await settleSeen(c.db, c.ctx, options.onUpdate, id);
    return c;
  };
  const stateChange = (action: 'pause' | 'resume' | 'cancel') =>
    http.post(`/firmware-rollouts/{id}/${action}`, async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await call(request, params.id);
        return response(200).json(await changeFirmwareRolloutState(deps, caller, { id: params.id, action }));
      }),
    );

  return [
    http.get('/firmware-rollouts', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await call(request);
        return response(200).json(await listFirmwareRollouts(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/firmware-rollouts', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await firmwareCall(request, {
          simulation: options.simulation,
          onUpdate: options.onUpdate,
        });
        const body = await readJsonObject(request);
        return response(201).json(await createFirmwareRollout(deps, caller, body));
      }),
    ),

    http.get('/firmware-rollouts/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await call(request, params.id);
        return response(200).json(await getFirmwareRollout(deps, caller, { id: params.id }));
      }),
    ),

    http.get('/firmware-rollouts/{id}/devices', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await call(request, params.id);
        return response(200).json(
          await listFirmwareRolloutDevices(deps, caller, { id: params.id, list: listParamsOf(new URL(request.url)) }),
        );
      }),
    ),

    stateChange('pause'),
    stateChange('resume'),
    stateChange('cancel'),

    http.post('/firmware-rollouts/{id}/rollback', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await call(request, params.id);
        return response(201).json(await rollbackFirmwareRollout(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
