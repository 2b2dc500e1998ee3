import { createDeviceGroup } from '@services/device-groups/create-device-group';
import { deleteDeviceGroup } from '@services/device-groups/delete-device-group';
import { getDeviceGroup } from '@services/device-groups/get-device-group';
import { listDeviceGroups } from '@services/device-groups/list-device-groups';
import { updateDeviceGroup } from '@services/device-groups/update-device-group';
import type { Schemas } from '@services/lib/api-types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldDeviceGroupDeps } from '../adapter/device-group-store';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the device group services' dependencies over the demo world (grants widen the scope). */
async function deviceGroupCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldDeviceGroupDeps(db, ctx.granted) };
}

/** Device groups (`su.DG`; audit entity Access), the groups commands, rules and rollouts pick: adapters over the services. */
export function createDeviceGroupHandlers(http: ApiHttp) {
  return [
    http.get('/device-groups', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceGroupCall(request);
        return response(200).json(await listDeviceGroups(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/device-groups', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceGroupCall(request);
        const body = (await readJsonObject(request)) as Schemas['DeviceGroupInput'];
        return response(201).json(await createDeviceGroup(deps, caller, body));
      }),
    ),

    http.get('/device-groups/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceGroupCall(request);
        return response(200).json(await getDeviceGroup(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/device-groups/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceGroupCall(request);
        const body = (await readJsonObject(request)) as Schemas['DeviceGroupInput'];
        return response(200).json(await updateDeviceGroup(deps, caller, { id: params.id, body }));
      }),
    ),

    http.delete('/device-groups/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceGroupCall(request);
        await deleteDeviceGroup(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),
  ];
}
