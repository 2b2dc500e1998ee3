import type { Schemas } from '@services/lib/api-types';
import { validationFailed } from '@services/lib/app-error';
import { assignVehicle } from '@services/vehicles/assign-vehicle';
import { changeVehicleStatus } from '@services/vehicles/change-vehicle-status';
import { cloneVehicle } from '@services/vehicles/clone-vehicle';
import { createVehicle } from '@services/vehicles/create-vehicle';
import { deleteVehicle } from '@services/vehicles/delete-vehicle';
import { getVehicle, vehicleInScope } from '@services/vehicles/get-vehicle';
import { listVehicles } from '@services/vehicles/list-vehicles';
import { resyncVehicle } from '@services/vehicles/resync-vehicle';
import { updateVehicle } from '@services/vehicles/update-vehicle';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldVehicleDeps, worldVehicleStore } from '../adapter/vehicle-store';
import type { WorldDb } from '../world/db';
import type { Vehicle } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

export { DEVICE_FIELD, DEVICE_TABLE } from '../adapter/vehicle-store';

/** The world row of a vehicle in the caller's scope (the services' rule), or the contract's 404. */
export function vehicleOr404(ctx: AuthContext, db: WorldDb, id: string): Promise<Vehicle> {
  return answering(async () => {
    const found = await vehicleInScope(worldVehicleStore(db, { granted: ctx.granted }), callerOf(ctx), id);
    return db.tables.vehicles.get(found.id) as Vehicle;
  });
}

/** The caller of a request and the vehicle services' dependencies over the demo world. */
export async function vehicleCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { db, caller: callerOf(ctx), deps: worldVehicleDeps(db, ctx.granted) };
}

/** What the server's request validation (openapi.yaml) refuses before a service runs, where a service trusts it. */
export function checkVehicleInput(body: Record<string, unknown>, prefix = ''): Schemas['VehicleInput'] {
  if (body.status !== undefined && body.status !== 0 && body.status !== 1) {
    throw validationFailed({ [`${prefix}status`]: 'Must be one of: 0, 1.' });
  }
  return body as unknown as Schemas['VehicleInput'];
}

const ASSIGN_TARGETS = ['dealer', 'fleet', 'evOwner', 'driver'];

function checkAssignInput(body: Record<string, unknown>): Schemas['AssignInput'] {
  const errors: Record<string, string> = {};
  if (!ASSIGN_TARGETS.includes(body.target as string)) {
    errors.target = 'Choose dealer, fleet, evOwner or driver.';
  }
  if (body.targetId !== null && (typeof body.targetId !== 'string' || body.targetId === '')) {
    errors.targetId = 'Choose whom to assign to, or null to unassign.';
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return body as unknown as Schemas['AssignInput'];
}

/**
 * Vehicles: list, read, create, edit, delete, clone, assign, status and resync (import and export:
 * `vehicle-import-export.ts`, histories: `vehicle-histories.ts`). Adapters only: each parses the request and calls the
 * operation's service (`server/src/services/vehicles`), the one the server calls (decision 0110).
 */
export function createVehicleHandlers(http: ApiHttp) {
  return [
    http.get('/vehicles', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        return response(200).json(await listVehicles(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/vehicles', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const body = checkVehicleInput(await readJsonObject(request));
        return response(201).json(await createVehicle(deps, caller, body));
      }),
    ),

    http.get('/vehicles/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        return response(200).json(await getVehicle(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/vehicles/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const patch = (await readJsonObject(request)) as Schemas['VehiclePatch'];
        return response(200).json(await updateVehicle(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/vehicles/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        await deleteVehicle(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),

    http.post('/vehicles/{id}/clone', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const body = (await readJsonObject(request)) as { vin: string; registrationNumber: string };
        return response(201).json(await cloneVehicle(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/vehicles/{id}/assign', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const body = checkAssignInput(await readJsonObject(request));
        return response(200).json(await assignVehicle(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/vehicles/{id}/status', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const body = (await readJsonObject(request)) as Schemas['StatusInput'];
        return response(200).json(await changeVehicleStatus(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/vehicles/{id}/resync', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        return response(200).json(await resyncVehicle(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
