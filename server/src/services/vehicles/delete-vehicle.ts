import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import type { VehicleDeps } from './vehicle-store';

/** DELETE /vehicles/{id}: the vehicle goes; its devices stay, unfitted (when devices move to the server). */
export async function deleteVehicle(deps: VehicleDeps, caller: Caller, input: { id: string }): Promise<void> {
  requirePermission(caller, 'vh.l', ACTION.DELETE);
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  const now = deps.now();
  const { names: _names, ...before } = vehicle;
  await deps.transact(async (tx) => {
    await tx.vehicles.delete(vehicle.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: vehicle.id,
        action: 'Delete',
        summary: `Deleted vehicle ${vehicle.vin}`,
        changes: diffFields(before, null),
      },
      now,
    );
  });
}
