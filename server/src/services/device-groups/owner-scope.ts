import type { Caller } from '../lib/caller';
import type { GroupOwner, OwnerKind } from './device-group-types';
import { OWNER_KINDS } from './device-group-types';

/**
 * Whose groups a caller sees and makes (openapi.yaml listDeviceGroups: "whose owner is in the caller's scope"): the
 * one value an owner's OEM, service centre or fleet must have, and the kinds of owner at all; null for everyone.
 * The rule is the vehicles' `partyInScope` (who may hand vehicles to whom) as a value a query can carry: platform staff
 * every owner; an OEM the owners of its OEM; a service centre itself and the fleets, EV owners and drivers under it;
 * a fleet itself and its drivers; nobody else any (owner-scope.test.ts checks the two agree).
 */
export type OwnerScope = {
  field: 'oemId' | 'dealerId' | 'fleetId';
  value: string | null;
  kinds: readonly OwnerKind[];
} | null;

export function ownerScopeOf(caller: Caller): OwnerScope {
  const me = caller.user;
  switch (caller.roleType) {
    case 'platform':
      return null;
    case 'oem':
      return { field: 'oemId', value: me.oemId, kinds: OWNER_KINDS };
    case 'dealer':
      return { field: 'dealerId', value: me.dealerId, kinds: OWNER_KINDS };
    case 'fleet':
      return { field: 'fleetId', value: me.fleetId, kinds: ['fleet', 'driver'] };
    default:
      return { field: 'oemId', value: null, kinds: [] };
  }
}

/** True when the owner is in the scope (a scoped account without its id holds no owner). */
export function ownerInScope(scope: OwnerScope, owner: Pick<GroupOwner, 'kind' | 'oemId' | 'dealerId' | 'fleetId'>) {
  if (scope === null) return true;
  return scope.kinds.includes(owner.kind) && scope.value !== null && owner[scope.field] === scope.value;
}
