import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import type { Vehicle, VehicleDeps } from './vehicle-store';

/**
 * POST /vehicles/{id}/resync: records the request (audit) and touches the vehicle. Sending the resync command to the
 * devices over MQTT arrives with the command queue.
 */
export async function resyncVehicle(deps: VehicleDeps, caller: Caller, input: { id: string }): Promise<Vehicle> {
  requirePermission(caller, 'vh.l', ACTION.RESYNC);
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.vehicles.update(vehicle.id, { updatedAt: now.toISOString() });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: vehicle.id,
        action: 'Resync',
        summary: `Resync requested for ${vehicle.vin}`,
        changes: [],
      },
      now,
    );
    return (await tx.vehicles.get(vehicle.id, null)) as Vehicle;
  });
}
