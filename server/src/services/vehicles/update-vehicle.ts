import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import { checkVinFree, readConnectivity, readEvModel, readRegistration, readVin } from './vehicle-fields';
import type { Vehicle, VehicleData, VehicleDeps } from './vehicle-store';

/**
 * PATCH /vehicles/{id}: VIN, registration, model (which moves OEM and type with it) and connectivity. Owners change
 * through /assign and status through /status.
 */
export async function updateVehicle(
  deps: VehicleDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['VehiclePatch'] },
): Promise<Vehicle> {
  requirePermission(caller, 'vh.l', ACTION.UPDATE);
  const current = await vehicleInScope(deps.vehicles, caller, input.id);
  const { patch } = input;
  const errors = new FieldErrors();
  const changes: Partial<VehicleData> = {};
  const vin = patch.vin === undefined ? undefined : readVin(errors, patch.vin);
  if (vin !== undefined) changes.vin = vin;
  if (patch.registrationNumber !== undefined) {
    const registrationNumber = readRegistration(errors, patch.registrationNumber);
    if (registrationNumber !== undefined) changes.registrationNumber = registrationNumber;
  }
  if (patch.modelId !== undefined) {
    const model = await readEvModel(deps.vehicles, caller, errors, patch.modelId);
    if (model) Object.assign(changes, { modelId: model.id, oemId: model.oemId, vehicleType: model.vehicleType });
  }
  if (patch.connectivity !== undefined) {
    const connectivity = readConnectivity(errors, patch.connectivity);
    if (connectivity) changes.connectivity = connectivity;
  }
  await checkVinFree(deps.vehicles, errors, vin, current.id);

  const now = deps.now();
  const { names: _names, ...before } = current;
  const after: VehicleData = { ...before, ...changes, updatedAt: now.toISOString() };
  const changed = diffFields(before, after);
  return deps.transact(async (tx) => {
    await tx.vehicles.update(current.id, { ...changes, updatedAt: after.updatedAt });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: current.id,
        action: 'Update',
        summary: `Updated ${changed.map((c) => c.field).join(', ') || 'nothing'}`,
        changes: changed,
      },
      now,
    );
    return (await tx.vehicles.get(current.id, null)) as Vehicle;
  });
}
