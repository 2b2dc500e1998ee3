import { createFirmwareRelease, getFirmwareRelease, listFirmwareReleases } from '@services/firmware/releases';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldFirmwareDeps } from '../adapter/firmware-store';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the firmware services' dependencies over the demo world. */
export async function firmwareCall(request: Request, options: Parameters<typeof worldFirmwareDeps>[1] = {}) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { db, ctx, caller: callerOf(ctx), deps: worldFirmwareDeps(db, { ...options, granted: ctx.granted }) };
}

/** Firmware releases (`FOTA`): adapters over the release services (decision 0074). */
export function createFirmwareReleaseHandlers(http: ApiHttp) {
  return [
    http.get('/firmware-releases', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await firmwareCall(request);
        return response(200).json(await listFirmwareReleases(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/firmware-releases', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await firmwareCall(request);
        const body = await readJsonObject(request);
        return response(201).json(await createFirmwareRelease(deps, caller, body));
      }),
    ),

    http.get('/firmware-releases/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await firmwareCall(request);
        return response(200).json(await getFirmwareRelease(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
