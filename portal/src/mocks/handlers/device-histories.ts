import { getCycleCells } from '@services/battery-cycles/get-cycle-cells';
import { listBatteryCycles } from '@services/battery-cycles/list-battery-cycles';
import { getDeviceTelemetry } from '@services/telemetry/get-telemetry';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldBatteryCycleDeps, worldTelemetryDeps } from '../adapter/telemetry-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { telemetryQuery } from './lib/telemetry-query';

/**
 * A device's histories, adapters of the services (decision 0114): telemetry, and a BMS's battery cycles with their
 * cells, which the demo's stores generate on demand from the seed.
 */
export function createDeviceHistoryHandlers(http: ApiHttp) {
  return [
    http.get('/devices/{id}/telemetry', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const input = { id: params.id, ...telemetryQuery(new URL(request.url)) };
        return response(200).json(await getDeviceTelemetry(worldTelemetryDeps(db, ctx.granted), callerOf(ctx), input));
      }),
    ),

    http.get('/devices/{id}/cycles', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const input = { id: params.id, ...listParamsOf(new URL(request.url)) };
        return response(200).json(
          await listBatteryCycles(worldBatteryCycleDeps(db, ctx.granted), callerOf(ctx), input),
        );
      }),
    ),

    http.get('/devices/{id}/cycles/{cycleId}/cells', async ({ request, params, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const points = new URL(request.url).searchParams.get('points') ?? undefined;
        const input = { id: params.id, cycleId: params.cycleId, points };
        return response(200).json(await getCycleCells(worldBatteryCycleDeps(db, ctx.granted), callerOf(ctx), input));
      }),
    ),
  ];
}
