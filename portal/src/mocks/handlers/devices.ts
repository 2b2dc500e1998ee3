import { ACTION } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type { Device } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';
import { getDevice, deviceInScope } from '@services/devices/get-device';
import { listDevices } from '@services/devices/list-devices';
import { assignDevice } from '@services/devices/assign-device';
import { changeDeviceStatus } from '@services/devices/change-device-status';
import { cloneDevice } from '@services/devices/clone-device';
import { createDevice } from '@services/devices/create-device';
import { resyncDevice } from '@services/devices/resync-device';
import { deleteDevice } from '@services/devices/delete-device';
import { updateDevice } from '@services/devices/update-device';
import type { Schemas } from '@services/lib/api-types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { DEVICE_TYPE_TABLE, worldDeviceDeps, worldDeviceStore } from '../adapter/device-store';
import { listParamsOf } from '../adapter/list-params';

/**
 * The world row of a device in the caller's scope, or 404; 403 when the caller may not do `action` on devices of its
 * type (the services' rule, `deviceInScope`).
 */
export function deviceOr404(ctx: AuthContext, db: WorldDb, id: string, action: number = ACTION.LIST): Promise<Device> {
  return answering(async () => {
    const found = await deviceInScope(worldDeviceStore(db, { granted: ctx.granted }), callerOf(ctx), id, action);
    return db.tables[DEVICE_TYPE_TABLE[found.type]].get(found.id) as Device;
  });
}

/** The caller of a request and the device services' dependencies over the demo world. */
async function deviceCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { db, caller: callerOf(ctx), deps: worldDeviceDeps(db, ctx.granted) };
}

/** Devices (BMS, MCU, VCU, loggers): list, CRUD, import, export, clone, assign to a vehicle, status, resync (histories: `device-histories.ts`). */
export function createDeviceHandlers(http: ApiHttp) {
  return [
    http.get('/devices', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        return response(200).json(await listDevices(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/devices', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        const body = (await readJsonObject(request)) as Schemas['DeviceInput'];
        return response(201).json(await createDevice(deps, caller, body));
      }),
    ),

    http.get('/devices/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        return response(200).json(await getDevice(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/devices/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        const patch = (await readJsonObject(request)) as Schemas['DevicePatch'];
        return response(200).json(await updateDevice(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/devices/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        await deleteDevice(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),

    http.post('/devices/{id}/clone', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        const body = (await readJsonObject(request)) as { serialNumber: string };
        return response(201).json(await cloneDevice(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/devices/{id}/assign', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        const body = (await readJsonObject(request)) as { vehicleId: string | null };
        return response(200).json(await assignDevice(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/devices/{id}/status', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        const body = (await readJsonObject(request)) as Schemas['StatusInput'];
        return response(200).json(await changeDeviceStatus(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/devices/{id}/resync', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await deviceCall(request);
        return response(200).json(await resyncDevice(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
