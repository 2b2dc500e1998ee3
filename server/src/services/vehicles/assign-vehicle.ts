import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleInScope } from './get-vehicle';
import { readParty } from './vehicle-fields';
import type { PartyKind, PartyRef, Vehicle, VehicleData, VehicleDeps } from './vehicle-store';

const FIELD = { dealer: 'dealerId', fleet: 'fleetId', evOwner: 'evOwnerId', driver: 'driverId' } as const;
const ENTITY = { dealer: 'Dealer', fleet: 'Fleet', evOwner: 'EV Owner', driver: 'Driver' } as const;

/**
 * What giving a vehicle to an owner (`targetId`), or taking it back (null), changes on the vehicle: the owner's field;
 * a driver brings their fleet; leaving a fleet drops the driver. Organisation management's assign and unassign
 * (services/organisations) write the same changes.
 */
export function assignmentChanges(kind: PartyKind, targetId: string | null, party?: PartyRef): Partial<VehicleData> {
  const changes: Partial<VehicleData> = { [FIELD[kind]]: targetId };
  if (targetId !== null && kind === 'driver' && party?.fleetId) changes.fleetId = party.fleetId;
  if (kind === 'fleet' && targetId === null) changes.driverId = null;
  return changes;
}

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
  let party: PartyRef | undefined;
  if (targetId !== null) {
    const errors = new FieldErrors();
    party = await readParty(deps.vehicles, caller, errors, 'targetId', kind, targetId);
    errors.throwIfAny();
  }
  const changes = assignmentChanges(kind, targetId, party);

  const now = deps.now();
  return deps.transact(async (tx) => {
    // Read again with the row held: an assign that ran meanwhile is what this one changes (and its audit shows).
    const current = (await tx.vehicles.get(vehicle.id, null, { lock: true })) ?? vehicle;
    const { names: _names, ...before } = current;
    const after = { ...before, ...changes };
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
