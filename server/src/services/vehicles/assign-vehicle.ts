import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import { readParty } from './vehicle-fields';
import type { PartyKind, Vehicle, VehicleData, VehicleDeps } from './vehicle-store';

const FIELD = { dealer: 'dealerId', fleet: 'fleetId', evOwner: 'evOwnerId', driver: 'driverId' } as const;
const ENTITY = { dealer: 'Dealer', fleet: 'Fleet', evOwner: 'EV Owner', driver: 'Driver' } as const;

/**
 * POST /vehicles/{id}/assign: gives the vehicle to a service centre, fleet, EV owner or driver the caller manages
 * (Assign), or takes it back with `targetId: null` (Unassign). A driver brings their fleet; leaving a fleet drops the
 * driver.
 */
export async function assignVehicle(
  deps: VehicleDeps,
  caller: Caller,
  input: { id: string; body: Schemas['AssignInput'] },
): Promise<Vehicle> {
  const { target, targetId } = input.body;
  requirePermission(caller, 'vh.l', targetId === null ? ACTION.UNASSIGN : ACTION.ASSIGN);
  const vehicle = await vehicleInScope(deps.vehicles, caller, input.id);
  const kind: PartyKind = target;
  const changes: Partial<VehicleData> = { [FIELD[kind]]: targetId };
  if (targetId !== null) {
    const errors = new FieldErrors();
    const party = await readParty(deps.vehicles, caller, errors, 'targetId', kind, targetId);
    errors.throwIfAny();
    if (kind === 'driver' && party?.fleetId) changes.fleetId = party.fleetId;
  }
  if (kind === 'fleet' && targetId === null) changes.driverId = null;

  const now = deps.now();
  const { names: _names, ...before } = vehicle;
  const after = { ...before, ...changes };
  return deps.transact(async (tx) => {
    await tx.vehicles.update(vehicle.id, { ...changes, updatedAt: now.toISOString() });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: vehicle.id,
        action: targetId === null ? 'Unassign' : 'Assign',
        summary: targetId === null ? `Unassigned from ${ENTITY[kind]}` : `Assigned to ${ENTITY[kind]} ${targetId}`,
        changes: diffFields(before, after),
      },
      now,
    );
    return (await tx.vehicles.get(vehicle.id, null)) as Vehicle;
  });
}
