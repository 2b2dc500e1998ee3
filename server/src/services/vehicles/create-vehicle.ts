import { ACTION } from '@/domain/permissions';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { checkVinFree, readConnectivity, readEvModel, readOwners, readRegistration, readVin } from './vehicle-fields';
import type { Vehicle, VehicleData, VehicleDeps, VehicleStore } from './vehicle-store';

/**
 * A new vehicle from a create body (form or import row): a published EV model (which sets its OEM and type), owners the
 * caller manages. It has not reported yet: state SNA, not live, at the demo region's centre. Throws 400 with every
 * field error, then 409 for a taken VIN.
 */
export async function buildVehicle(
  deps: Pick<VehicleDeps, 'vehicles' | 'now'>,
  caller: Caller,
  input: Schemas['VehicleInput'],
  vins: Pick<VehicleStore, 'vinTaken'> = deps.vehicles,
): Promise<VehicleData> {
  const errors = new FieldErrors();
  const registrationNumber = readRegistration(errors, input.registrationNumber);
  const model = await readEvModel(deps.vehicles, caller, errors, input.modelId);
  const connectivity = readConnectivity(errors, input.connectivity);
  const owners = await readOwners(deps.vehicles, caller, errors, input);
  const vin = readVin(errors, input.vin);
  await checkVinFree(vins, errors, vin);
  if (!model || !vin || !registrationNumber || !connectivity) throw new Error('unreachable: fields were checked');
  const at = deps.now().toISOString();
  return {
    id: `veh-${crypto.randomUUID()}`,
    vin,
    registrationNumber,
    vehicleType: model.vehicleType,
    modelId: model.id,
    oemId: model.oemId,
    ...owners,
    connectivity,
    stateCode: 'F',
    isLive: false,
    lastSeenAt: at,
    status: input.status ?? 1,
    soc: 0,
    rangeKm: 0,
    odometerKm: 0,
    healthRating: 1,
    lastLocation: { lat: DEMO_REGION.center[1], lng: DEMO_REGION.center[0] },
    bmsId: null,
    mcuId: null,
    vcuId: null,
    loggerId: null,
    simId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** POST /vehicles: 201 with the new vehicle; nothing is written unless every field holds. */
export async function createVehicle(
  deps: VehicleDeps,
  caller: Caller,
  input: Schemas['VehicleInput'],
): Promise<Vehicle> {
  requirePermission(caller, 'vh.l', ACTION.ADD);
  const vehicle = await buildVehicle(deps, caller, input);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.vehicles.insert(vehicle);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: vehicle.id,
        action: 'Add',
        summary: `Added vehicle ${vehicle.vin}`,
        changes: diffFields(null, vehicle),
      },
      now,
    );
    // The row as stored, with its display names joined in; the caller has just written it.
    return (await tx.vehicles.get(vehicle.id, null)) as Vehicle;
  });
}
