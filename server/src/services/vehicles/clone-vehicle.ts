import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import { checkVinFree, readRegistration, readVin } from './vehicle-fields';
import type { Vehicle, VehicleData, VehicleDeps } from './vehicle-store';

/**
 * POST /vehicles/{id}/clone: a new vehicle with the source's model, owners and settings, the given VIN and
 * registration, no devices, not live, odometer at zero.
 */
export async function cloneVehicle(
  deps: VehicleDeps,
  caller: Caller,
  input: { id: string; body: { vin: string; registrationNumber: string } },
): Promise<Vehicle> {
  requirePermission(caller, 'vh.l', ACTION.CLONE);
  const source = await vehicleInScope(deps.vehicles, caller, input.id);
  const errors = new FieldErrors();
  const registrationNumber = readRegistration(errors, input.body.registrationNumber);
  const vin = readVin(errors, input.body.vin);
  await checkVinFree(deps.vehicles, errors, vin);
  if (!vin || !registrationNumber) throw new Error('unreachable: fields were checked');
  const now = deps.now();
  const at = now.toISOString();
  const { names: _names, ...rest } = source;
  const clone: VehicleData = {
    ...rest,
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
    createdAt: at,
    updatedAt: at,
    lastSeenAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.vehicles.insert(clone);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: clone.id,
        action: 'Clone',
        summary: `Cloned ${source.vin} as ${vin}`,
        changes: diffFields(null, clone),
      },
      now,
    );
    return (await tx.vehicles.get(clone.id, null)) as Vehicle;
  });
}
