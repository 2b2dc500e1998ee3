import { ACTION } from '@/domain/permissions';
import type { WorldDb } from '../world/db';
import type { ApiDevice, Device, DeviceType, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject, requiredString } from './lib/body';
import { conflict, validationFailed } from './lib/http-error';
import type { ListSpec } from './lib/list-query';
import { scopedVehicle } from './lib/scope';
import { toApi } from './lib/serialize';
import { getDevice, deviceInScope } from '@services/devices/get-device';
import {
  DEVICE_AUDIT_ENTITY,
  DEVICE_LIST_KEY,
  DEVICE_TYPES,
  VEHICLE_DEVICE_FIELD,
} from '@services/devices/device-types';
import { listDevices } from '@services/devices/list-devices';
import { createDevice } from '@services/devices/create-device';
import { deleteDevice } from '@services/devices/delete-device';
import { updateDevice } from '@services/devices/update-device';
import type { Schemas } from '@services/lib/api-types';
import { DRAFT_MODEL } from '@services/vehicles/vehicle-fields';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { DEVICE_TYPE_TABLE, worldDeviceDeps, worldDeviceStore } from '../adapter/device-store';
import { listParamsOf } from '../adapter/list-params';

export { DEVICE_TYPES };
export const TABLE = DEVICE_TYPE_TABLE;
const VEHICLE_FIELD = VEHICLE_DEVICE_FIELD;
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

export function serialTaken(db: WorldDb, type: DeviceType, serial: string, exceptId?: string): boolean {
  for (const d of db.tables[TABLE[type]].values()) if (d.serialNumber === serial && d.id !== exceptId) return true;
  return false;
}

function checkModel(db: WorldDb, type: DeviceType, modelId: unknown, errors: FieldErrors) {
  if (type === 'LOGGER') return null;
  if (typeof modelId !== 'string' || modelId === '') {
    errors.add('modelId', `Choose a ${type} model.`);
    return undefined;
  }
  const model = db.tables.models.get(modelId);
  if (!model || model.kind !== type) {
    errors.add('modelId', `Choose a ${type} model.`);
    return undefined;
  }
  if (model.status !== 1) {
    errors.add('modelId', DRAFT_MODEL);
    return undefined;
  }
  return model;
}

/** Letters and digits, with - _ . / between them: what a device label printer produces. */
const SERIAL = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** The serial number of a create, clone or patch body, or undefined after recording why not. */
function serialField(errors: FieldErrors, body: Record<string, unknown>): string | undefined {
  const serial = requiredString(errors, body, 'serialNumber', 'the serial number', 40);
  if (serial !== undefined && !SERIAL.test(serial)) {
    errors.add('serialNumber', 'Use letters, digits and - _ . / only.');
    return undefined;
  }
  return serial;
}

function checkImei(body: Record<string, unknown>, errors: FieldErrors): string | undefined {
  if (body.imei === undefined) return undefined;
  if (typeof body.imei !== 'string' || !/^\d{15}$/.test(body.imei)) {
    errors.add('imei', 'The IMEI has 15 digits.');
    return undefined;
  }
  return body.imei;
}

/** Validates a create body (form or import row) and builds the new device, unfitted; throws the contract's 400 or 409. */
export function buildDevice(
  ctx: AuthContext,
  db: WorldDb,
  type: DeviceType,
  body: Record<string, unknown>,
  isTaken: (serial: string) => boolean,
): Device {
  const errors = new FieldErrors();
  const serialNumber = serialField(errors, body);
  const firmwareVersion = requiredString(errors, body, 'firmwareVersion', 'the firmware version', 20);
  const model = checkModel(db, type, body.modelId, errors);
  const imei = checkImei(body, errors);
  let oemId = model?.oemId;
  if (type === 'LOGGER') {
    oemId = typeof body.oemId === 'string' ? body.oemId : ctx.user.oemId;
    if (!oemId || !db.tables.oems.get(oemId)) errors.add('oemId', 'Choose the OEM.');
  }
  if (ctx.roleType === 'oem' && oemId && oemId !== ctx.user.oemId) errors.add('modelId', 'Choose a model of your OEM.');
  errors.throwIfAny();
  if (!serialNumber || !firmwareVersion || !oemId) throw validationFailed({ body: 'Incomplete device.' });
  if (isTaken(serialNumber)) {
    throw conflict('A device with this serial number already exists.', { serialNumber: 'Already in use.' });
  }
  const now = Date.now();
  const device: Device = {
    id: `${type.toLowerCase()}-${crypto.randomUUID()}`,
    type,
    serialNumber,
    modelId: model ? model.id : null,
    oemId,
    vehicleId: null,
    firmwareVersion,
    status: 1,
    state: 'F',
    isLive: false,
    lastSeenAt: now,
    createdAt: now,
    updatedAt: now,
  };
  if (model?.bms) device.bms = { ...model.bms, soc: 0, soh: 100, cycleCount: 0 };
  if (model?.mcu) device.mcu = { ...model.mcu };
  if (imei) device.imei = imei;
  return device;
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

    http.post('/devices/{id}/clone', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const source = await deviceOr404(ctx, db, params.id, ACTION.CLONE);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const serialNumber = serialField(errors, body);
      errors.throwIfAny();
      if (!serialNumber) throw validationFailed({ serialNumber: 'Enter the serial number.' });
      if (serialTaken(db, source.type, serialNumber))
        throw conflict('A device with this serial number already exists.', { serialNumber: 'Already in use.' });
      const now = Date.now();
      const clone: Device = {
        ...source,
        id: `${source.type.toLowerCase()}-${crypto.randomUUID()}`,
        serialNumber,
        vehicleId: null,
        isLive: false,
        state: 'F',
        createdAt: now,
        updatedAt: now,
        lastSeenAt: now,
      };
      db.tables[TABLE[source.type]].insert(clone);
      await recordAudit(
        db,
        ctx,
        AUDIT_ENTITY[source.type],
        clone.id,
        'Clone',
        `Cloned ${source.serialNumber} as ${serialNumber}`,
      );
      await db.persist();
      return response(201).json(asApi(clone));
    }),

    http.post('/devices/{id}/assign', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const body = await readJsonObject(request);
      const vehicleId = body.vehicleId;
      if (vehicleId !== null && (typeof vehicleId !== 'string' || vehicleId === '')) {
        throw validationFailed({ vehicleId: 'Choose a vehicle or none.' });
      }
      const device = await deviceOr404(ctx, db, params.id, vehicleId === null ? ACTION.UNASSIGN : ACTION.ASSIGN);
      const field = VEHICLE_FIELD[device.type];
      const now = Date.now();
      let target: Vehicle | undefined;
      if (vehicleId !== null) {
        target = scopedVehicle(ctx, db, vehicleId as string);
        if (!target) throw validationFailed({ vehicleId: 'Choose an existing vehicle.' });
      }
      // Unfit from the old vehicle, and unfit whatever the new vehicle had in this slot.
      if (device.vehicleId) db.tables.vehicles.update(device.vehicleId, { [field]: null, updatedAt: now });
      if (target) {
        const previous = target[field];
        if (previous && previous !== device.id)
          db.tables[TABLE[device.type]].update(previous, { vehicleId: null, updatedAt: now });
        db.tables.vehicles.update(target.id, { [field]: device.id, updatedAt: now });
      }
      const updated = db.tables[TABLE[device.type]].update(device.id, {
        vehicleId: target?.id ?? null,
        updatedAt: now,
      }) as Device;
      await recordAudit(
        db,
        ctx,
        AUDIT_ENTITY[device.type],
        device.id,
        target ? 'Assign' : 'Unassign',
        target ? `Fitted to vehicle ${target.vin}` : 'Removed from its vehicle',
      );
      await db.persist();
      return response(200).json(asApi(updated));
    }),

    http.post('/devices/{id}/status', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const device = await deviceOr404(ctx, db, params.id, ACTION.CHANGE_STATUS);
      const body = await readJsonObject(request);
      if (body.status !== 0 && body.status !== 1)
        throw validationFailed({ status: 'Status is 0 (inactive) or 1 (active).' });
      const updated = db.tables[TABLE[device.type]].update(device.id, {
        status: body.status,
        updatedAt: Date.now(),
      }) as Device;
      await recordAudit(
        db,
        ctx,
        AUDIT_ENTITY[device.type],
        device.id,
        'Change Status',
        body.status === 1 ? 'Activated' : 'Deactivated',
      );
      await db.persist();
      return response(200).json(asApi(updated));
    }),

    http.post('/devices/{id}/resync', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const device = await deviceOr404(ctx, db, params.id, ACTION.RESYNC);
      const updated = db.tables[TABLE[device.type]].update(device.id, { updatedAt: Date.now() }) as Device;
      await recordAudit(
        db,
        ctx,
        AUDIT_ENTITY[device.type],
        device.id,
        'Resync',
        `Resync requested for ${device.serialNumber}`,
      );
      await db.persist();
      return response(200).json(asApi(updated));
    }),
  ];
}
