import { ACTION } from '@/domain/permissions';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import type { WorldDb } from '../world/db';
import type { ApiVehicle, Device, Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, allows, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, optionalId, readJsonObject, requiredString } from './lib/body';
import { conflict, notFound, validationFailed } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { scopedVehicle, vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

const CONNECTIVITY = ['Wi-Fi', 'GSM', '3G', '4G', '5G'] as const;
const VIN = /^[A-Z0-9]{17}$/;

export const VEHICLE_LIST: ListSpec<Vehicle> = {
  sortable: {
    vin: (v) => v.vin,
    registrationNumber: (v) => v.registrationNumber,
    vehicleType: (v) => v.vehicleType,
    modelId: (v) => v.modelId,
    oemId: (v) => v.oemId,
    connectivity: (v) => v.connectivity,
    stateCode: (v) => (v.stateCode === 'F' ? 1000 : v.stateCode),
    isLive: (v) => (v.isLive ? 1 : 0),
    lastSeenAt: (v) => v.lastSeenAt,
    status: (v) => v.status,
    soc: (v) => v.soc,
    odometerKm: (v) => v.odometerKm,
    healthRating: (v) => v.healthRating,
    createdAt: (v) => v.createdAt,
  },
  filterable: {
    vehicleType: (v) => v.vehicleType,
    modelId: (v) => v.modelId,
    oemId: (v) => v.oemId,
    dealerId: (v) => v.dealerId,
    fleetId: (v) => v.fleetId,
    evOwnerId: (v) => v.evOwnerId,
    driverId: (v) => v.driverId,
    connectivity: (v) => v.connectivity,
    stateCode: (v) => v.stateCode,
    isLive: (v) => v.isLive,
    status: (v) => v.status,
    healthRating: (v) => v.healthRating,
  },
  searchable: [(v) => v.vin, (v) => v.registrationNumber],
  time: (v) => v.lastSeenAt,
  defaultSort: [{ field: 'createdAt', direction: 'desc' }],
};

/** The API shape of a vehicle, with the display names of what it links to. */
export function vehicleToApi(db: WorldDb, v: Vehicle): ApiVehicle {
  const name = (row: { name: string } | undefined) => row?.name ?? null;
  return {
    ...toApi<ApiVehicle>(v),
    names: {
      model: name(db.tables.models.get(v.modelId)),
      oem: name(db.tables.oems.get(v.oemId)),
      dealer: v.dealerId ? name(db.tables.dealers.get(v.dealerId)) : null,
      fleet: v.fleetId ? name(db.tables.fleets.get(v.fleetId)) : null,
      evOwner: v.evOwnerId ? name(db.tables.evOwners.get(v.evOwnerId)) : null,
      driver: v.driverId ? name(db.tables.drivers.get(v.driverId)) : null,
    },
  };
}

/** The vehicle in scope or the contract's 404. */
export function vehicleOr404(ctx: AuthContext, db: WorldDb, id: string): Vehicle {
  const vehicle = scopedVehicle(ctx, db, id);
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

function findByVin(db: WorldDb, vin: string, exceptId?: string): Vehicle | undefined {
  for (const v of db.tables.vehicles.values()) if (v.vin === vin && v.id !== exceptId) return v;
  return undefined;
}

/** Validates the owner ids of a body against the world; dealer- and fleet-scoped callers keep their own. */
function ownerFields(ctx: AuthContext, db: WorldDb, body: Record<string, unknown>, errors: FieldErrors) {
  const dealerId = optionalId(errors, body, 'dealerId');
  const fleetId = optionalId(errors, body, 'fleetId');
  const evOwnerId = optionalId(errors, body, 'evOwnerId');
  const driverId = optionalId(errors, body, 'driverId');
  if (dealerId && !db.tables.dealers.get(dealerId)) errors.add('dealerId', 'Choose an existing service centre.');
  if (fleetId && !db.tables.fleets.get(fleetId)) errors.add('fleetId', 'Choose an existing fleet.');
  if (evOwnerId && !db.tables.evOwners.get(evOwnerId)) errors.add('evOwnerId', 'Choose an existing EV owner.');
  const driver = driverId ? db.tables.drivers.get(driverId) : undefined;
  if (driverId && !driver) errors.add('driverId', 'Choose an existing driver.');
  if (driver && fleetId && driver.fleetId !== fleetId) errors.add('driverId', 'The driver belongs to another fleet.');
  return {
    dealerId: ctx.roleType === 'dealer' ? (ctx.user.dealerId ?? null) : (dealerId ?? null),
    fleetId: ctx.roleType === 'fleet' ? (ctx.user.fleetId ?? null) : (fleetId ?? driver?.fleetId ?? null),
    evOwnerId: evOwnerId ?? null,
    driverId: driverId ?? null,
  };
}

/** Checks an EV model id for the caller (an OEM may only use its own models). */
/** A model still in its configuration flow cannot be used: the same words for vehicles and devices. */
export const DRAFT_MODEL = 'This model is a draft: publish it before using it.';

function evModel(ctx: AuthContext, db: WorldDb, modelId: string | undefined, errors: FieldErrors) {
  if (modelId === undefined) return undefined;
  const model = db.tables.models.get(modelId);
  if (model?.kind !== 'EV' || (ctx.roleType === 'oem' && model.oemId !== ctx.user.oemId)) {
    errors.add('modelId', 'No EV model you may use has this id.');
    return undefined;
  }
  if (model.status !== 1) {
    errors.add('modelId', DRAFT_MODEL);
    return undefined;
  }
  return model;
}

/** Reads the VIN; throws every field error so far, then 409 when the VIN is taken. */
function vinField(body: Record<string, unknown>, errors: FieldErrors, isTaken: (vin: string) => boolean) {
  const vin = requiredString(errors, body, 'vin', 'the VIN', 17)?.toUpperCase();
  if (vin !== undefined && !VIN.test(vin)) errors.add('vin', 'The VIN has 17 letters and digits.');
  errors.throwIfAny();
  if (vin !== undefined && isTaken(vin)) {
    throw conflict('A vehicle with this VIN already exists.', { vin: 'A vehicle with this VIN already exists.' });
  }
  return vin;
}

/** Validates a create body (form or import row) and builds the new vehicle; throws the contract's 400 or 409. */
export function buildVehicle(
  ctx: AuthContext,
  db: WorldDb,
  body: Record<string, unknown>,
  vinTaken: (vin: string) => boolean,
): Vehicle {
  const errors = new FieldErrors();
  const registrationNumber = requiredString(errors, body, 'registrationNumber', 'the registration number', 20);
  const modelId = requiredString(errors, body, 'modelId', 'a model');
  const model = evModel(ctx, db, modelId, errors);
  if (!CONNECTIVITY.includes(body.connectivity as never)) errors.add('connectivity', 'Choose the connectivity.');
  if (body.status !== undefined && body.status !== 0 && body.status !== 1) errors.add('status', 'Status is 0 or 1.');
  const owners = ownerFields(ctx, db, body, errors);
  const vin = vinField(body, errors, vinTaken);
  if (!model || !vin || !registrationNumber) throw validationFailed({ body: 'Incomplete vehicle.' });
  const now = Date.now();
  return {
    id: `veh-${crypto.randomUUID()}`,
    vin,
    registrationNumber,
    vehicleType: model.vehicleType ?? '2 Wheeler',
    modelId: model.id,
    oemId: model.oemId,
    ...owners,
    connectivity: body.connectivity as Vehicle['connectivity'],
    stateCode: 'F',
    isLive: false,
    lastSeenAt: now,
    status: body.status === 0 ? 0 : 1,
    soc: 0,
    rangeKm: 0,
    odometerKm: 0,
    healthRating: 1,
    // a new vehicle has not reported yet: it stands at the demo region's centre, on the basemap
    lastLocation: { lat: DEMO_REGION.center[1], lng: DEMO_REGION.center[0] },
    bmsId: null,
    mcuId: null,
    vcuId: null,
    loggerId: null,
    simId: null,
    createdAt: now,
    updatedAt: now,
  };
}

export const DEVICE_FIELD: Record<Device['type'], 'bmsId' | 'mcuId' | 'vcuId' | 'loggerId'> = {
  BMS: 'bmsId',
  MCU: 'mcuId',
  VCU: 'vcuId',
  LOGGER: 'loggerId',
};
export const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices', LOGGER: 'loggers' } as const;

/** Vehicles: list, CRUD, import, export, clone, assign, status and resync (histories: `vehicle-histories.ts`). */
export function createVehicleHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      // Whoever may fit a BMS, MCU or VCU to a vehicle may search the vehicles to pick one.
      const mayFitDevices = (['BMS.l', 'MCU.l', 'VCU.l'] as const).some((key) => allows(ctx, key, ACTION.ASSIGN));
      if (!mayFitDevices) requirePermission(ctx, { anyOf: ['vh.l', 'vh.l.d'] });
      const query = parseListQuery(new URL(request.url), VEHICLE_LIST);
      // A plain pass over every vehicle, then only as much sorting as the page needs (docs/decisions/0061).
      const rows = Array.from(db.tables.vehicles.values()).filter(vehicleFilterFor(ctx));
      const page = applyListQuery(rows, query, VEHICLE_LIST);
      return response(200).json({ ...page, items: page.items.map((v) => vehicleToApi(db, v)) });
    }),

    http.post('/vehicles', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.ADD);
      const body = await readJsonObject(request);
      const vehicle = buildVehicle(ctx, db, body, (vin) => findByVin(db, vin) !== undefined);
      db.tables.vehicles.insert(vehicle);
      recordAudit(db, ctx, 'Vehicle', vehicle.id, 'Add', `Added vehicle ${vehicle.vin}`);
      await db.persist();
      return response(201).json(vehicleToApi(db, vehicle));
    }),

    http.get('/vehicles/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['vh.l', 'vh.l.d'] });
      return response(200).json(vehicleToApi(db, vehicleOr404(ctx, db, params.id)));
    }),

    http.patch('/vehicles/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.UPDATE);
      const current = vehicleOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<Vehicle> = {};
      if (body.vin !== undefined)
        changes.vin = vinField(body, errors, (vin) => findByVin(db, vin, current.id) !== undefined);
      if (body.registrationNumber !== undefined) {
        changes.registrationNumber = requiredString(errors, body, 'registrationNumber', 'the registration number', 20);
      }
      if (body.modelId !== undefined) {
        const model = evModel(ctx, db, typeof body.modelId === 'string' ? body.modelId : '', errors);
        if (model)
          Object.assign(changes, {
            modelId: model.id,
            oemId: model.oemId,
            vehicleType: model.vehicleType ?? current.vehicleType,
          });
      }
      if (body.connectivity !== undefined) {
        if (!CONNECTIVITY.includes(body.connectivity as never)) errors.add('connectivity', 'Choose the connectivity.');
        else changes.connectivity = body.connectivity as Vehicle['connectivity'];
      }
      errors.throwIfAny();
      const updated = db.tables.vehicles.update(current.id, { ...changes, updatedAt: Date.now() }) as Vehicle;
      recordAudit(db, ctx, 'Vehicle', current.id, 'Update', `Updated ${Object.keys(changes).join(', ') || 'nothing'}`);
      await db.persist();
      return response(200).json(vehicleToApi(db, updated));
    }),

    http.delete('/vehicles/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.DELETE);
      const vehicle = vehicleOr404(ctx, db, params.id);
      for (const type of ['BMS', 'MCU', 'VCU', 'LOGGER'] as const) {
        const deviceId = vehicle[DEVICE_FIELD[type]];
        if (deviceId) db.tables[DEVICE_TABLE[type]].update(deviceId, { vehicleId: null, updatedAt: Date.now() });
      }
      db.tables.vehicles.remove(vehicle.id);
      recordAudit(db, ctx, 'Vehicle', vehicle.id, 'Delete', `Deleted vehicle ${vehicle.vin}`);
      await db.persist();
      return response(204).empty();
    }),

    http.post('/vehicles/{id}/clone', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.CLONE);
      const source = vehicleOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const registrationNumber = requiredString(errors, body, 'registrationNumber', 'the registration number', 20);
      const vin = vinField(body, errors, (v) => findByVin(db, v) !== undefined);
      if (!vin || !registrationNumber) throw validationFailed({ body: 'Incomplete vehicle.' });
      const now = Date.now();
      const clone: Vehicle = {
        ...source,
        id: `veh-${crypto.randomUUID()}`,
        vin,
        registrationNumber,
        isLive: false,
        stateCode: 'F',
        bmsId: null,
        mcuId: null,
        vcuId: null,
        loggerId: null,
        simId: null,
        odometerKm: 0,
        createdAt: now,
        updatedAt: now,
        lastSeenAt: now,
      };
      db.tables.vehicles.insert(clone);
      recordAudit(db, ctx, 'Vehicle', clone.id, 'Clone', `Cloned ${source.vin} as ${vin}`);
      await db.persist();
      return response(201).json(vehicleToApi(db, clone));
    }),

    http.post('/vehicles/{id}/assign', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const body = await readJsonObject(request);
      const target = body.target;
      const targetId = body.targetId;
      const errors = new FieldErrors();
      if (!['dealer', 'fleet', 'evOwner', 'driver'].includes(target as string)) {
        errors.add('target', 'Choose dealer, fleet, evOwner or driver.');
      }
      if (targetId !== null && (typeof targetId !== 'string' || targetId === ''))
        errors.add('targetId', 'Choose whom to assign to.');
      errors.throwIfAny();
      requirePermission(ctx, 'vh.l', targetId === null ? ACTION.UNASSIGN : ACTION.ASSIGN);
      const vehicle = vehicleOr404(ctx, db, params.id);
      const field = `${target as string}Id` as 'dealerId' | 'fleetId' | 'evOwnerId' | 'driverId';
      const changes: Partial<Vehicle> = { [field]: targetId, updatedAt: Date.now() };
      if (typeof targetId === 'string') {
        const exists =
          target === 'dealer'
            ? db.tables.dealers.get(targetId)
            : target === 'fleet'
              ? db.tables.fleets.get(targetId)
              : target === 'evOwner'
                ? db.tables.evOwners.get(targetId)
                : db.tables.drivers.get(targetId);
        if (!exists) throw validationFailed({ targetId: 'Choose an existing one.' });
        if (target === 'driver') changes.fleetId = db.tables.drivers.get(targetId)?.fleetId ?? vehicle.fleetId;
      }
      if (target === 'fleet' && targetId === null) changes.driverId = null;
      const updated = db.tables.vehicles.update(vehicle.id, changes) as Vehicle;
      const entity = { dealer: 'Dealer', fleet: 'Fleet', evOwner: 'EV Owner', driver: 'Driver' }[target as 'dealer'];
      recordAudit(
        db,
        ctx,
        'Vehicle',
        vehicle.id,
        targetId === null ? 'Unassign' : 'Assign',
        targetId === null ? `Unassigned from ${entity}` : `Assigned to ${entity} ${targetId}`,
      );
      await db.persist();
      return response(200).json(vehicleToApi(db, updated));
    }),

    http.post('/vehicles/{id}/status', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.CHANGE_STATUS);
      const vehicle = vehicleOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      if (body.status !== 0 && body.status !== 1)
        throw validationFailed({ status: 'Status is 0 (inactive) or 1 (active).' });
      const updated = db.tables.vehicles.update(vehicle.id, { status: body.status, updatedAt: Date.now() }) as Vehicle;
      recordAudit(db, ctx, 'Vehicle', vehicle.id, 'Change Status', body.status === 1 ? 'Activated' : 'Deactivated');
      await db.persist();
      return response(200).json(vehicleToApi(db, updated));
    }),

    http.post('/vehicles/{id}/resync', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.RESYNC);
      const vehicle = vehicleOr404(ctx, db, params.id);
      const updated = db.tables.vehicles.update(vehicle.id, { updatedAt: Date.now() }) as Vehicle;
      recordAudit(db, ctx, 'Vehicle', vehicle.id, 'Resync', `Resync requested for ${vehicle.vin}`);
      await db.persist();
      return response(200).json(vehicleToApi(db, updated));
    }),
  ];
}
