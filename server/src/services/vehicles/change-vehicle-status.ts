import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { validationFailed } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import type { Vehicle, VehicleDeps } from './vehicle-store';

/** POST /vehicles/{id}/status: activate (1) or deactivate (0). */
export async function changeVehicleStatus(
  deps: VehicleDeps,
  caller: Caller,
  input: { id: string; body: Schemas['StatusInput'] },
): Promise<Vehicle> {
  requirePermission(caller, 'vh.l', ACTION.CHANGE_STATUS);
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  const status = input.body.status;
  if (status !== 0 && status !== 1) throw validationFailed({ status: 'Status is 0 (inactive) or 1 (active).' });
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.vehicles.update(vehicle.id, { status, updatedAt: now.toISOString() });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: vehicle.id,
        action: 'Change Status',
        summary: status === 1 ? 'Activated' : 'Deactivated',
        changes: vehicle.status === status ? [] : [{ field: 'status', before: vehicle.status, after: status }],
      },
      now,
    );
    return (await tx.vehicles.get(vehicle.id, null)) as Vehicle;
  });
}
