import { ACTION } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type { ApiDevice, Device } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';
import type { ListSpec } from './lib/list-query';
import { toApi } from './lib/serialize';
import { getDevice, deviceInScope } from '@services/devices/get-device';
import { DEVICE_AUDIT_ENTITY, DEVICE_LIST_KEY, DEVICE_TYPES } from '@services/devices/device-types';
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

export { DEVICE_TYPES };
export const TABLE = DEVICE_TYPE_TABLE;
/** The permission key of each device type's list and the audit entity names: the services' tables. */
export const LIST_KEY = DEVICE_LIST_KEY;
export const AUDIT_ENTITY = DEVICE_AUDIT_ENTITY;

/** The export's sorts and filters (the list's are the services', `DEVICE_LIST` of `device-list-spec`). */
export const DEVICE_LIST: ListSpec<Device> = {
  sortable: {
    serialNumber: (d) => d.serialNumber,
    type: (d) => d.type,
    modelId: (d) => d.modelId,
    firmwareVersion: (d) => d.firmwareVersion,
    status: (d) => d.status,
    state: (d) => (d.state === 'F' ? 1000 : d.state),
    isLive: (d) => (d.isLive ? 1 : 0),
    lastSeenAt: (d) => d.lastSeenAt,
    createdAt: (d) => d.createdAt,
  },
  filterable: {
    type: (d) => d.type,
    modelId: (d) => d.modelId,
    oemId: (d) => d.oemId,
    vehicleId: (d) => d.vehicleId,
    status: (d) => d.status,
    state: (d) => d.state,
    isLive: (d) => d.isLive,
    chemistry: (d) => d.bms?.chemistry ?? null,
    cooling: (d) => d.bms?.cooling ?? null,
    motorType: (d) => d.mcu?.motorType ?? null,
    assigned: (d) => d.vehicleId !== null,
  },
  searchable: [(d) => d.serialNumber, (d) => d.imei],
  time: (d) => d.lastSeenAt,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

export const asApi = (d: Device) => toApi<ApiDevice>(d);

/**
 * The world row of a device in the caller's scope, or 404; 403 when the caller may not do `action` on devices of its
 * type (the services' rule, `deviceInScope`).
 */
export function deviceOr404(ctx: AuthContext, db: WorldDb, id: string, action: number = ACTION.LIST): Promise<Device> {
  return answering(async () => {
    const found = await deviceInScope(worldDeviceStore(db, { granted: ctx.granted }), callerOf(ctx), id, action);
    return db.tables[TABLE[found.type]].get(found.id) as Device;
  });
}

/** The caller of a request and the device services' dependencies over the demo world. */
async function deviceCall(request: Request) {
  const db = await getWorldDb();
  const ctx = requireAuth(request, db);
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
