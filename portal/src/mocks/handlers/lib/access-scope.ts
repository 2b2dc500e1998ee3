import { membersAmong } from '@services/device-groups/device-group-fields';
import { ownerInScope as ownerScopeHolds, ownerScopeOf } from '@services/device-groups/owner-scope';
import { worldGroupOwner, worldOwnerVehicles } from '../../adapter/device-group-store';
import { callerOf } from '../../adapter/caller';
import type { WorldDb } from '../../world/db';
import type { DeviceGroupRecord, Vehicle } from '../../world/types';
import type { AuthContext } from './auth-context';
import { vehicleFilterFor } from './scope';

export type OwnerKind = DeviceGroupRecord['ownerKind'];

/**
 * The owner's name if it exists and the caller's scope holds it, else undefined: the services' owner scope
 * (`ownerScopeOf`, decision 0110), for the demo resources that have not moved (firmware rollouts).
 */
export function ownerInScope(ctx: AuthContext, db: WorldDb, kind: OwnerKind, id: string): { name: string } | undefined {
  const owner = worldGroupOwner(db, kind, id);
  return owner && ownerScopeHolds(ownerScopeOf(callerOf(ctx)), owner) ? owner : undefined;
}

/** The vehicles of a group's owner that the caller sees (the candidates of a group). */
export function ownerVehicles(ctx: AuthContext, db: WorldDb, kind: OwnerKind, id: string): Vehicle[] {
  return worldOwnerVehicles(db, kind, id, vehicleFilterFor(ctx));
}

/** The members of a group now: the services' `membersAmong` over the owner's vehicles the caller sees. */
export function groupMembers(ctx: AuthContext, db: WorldDb, group: DeviceGroupRecord): string[] {
  return membersAmong(group, ownerVehicles(ctx, db, group.ownerKind, group.ownerId));
}
