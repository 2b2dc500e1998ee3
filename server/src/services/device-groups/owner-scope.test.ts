import { ROLE_TYPES, type RoleType } from '@/domain/roles';
import { expect, test } from 'vitest';
import type { Caller } from '../lib/caller';
import { partyInScope } from '../vehicles/party-scope';
import type { PartyKind } from '../vehicles/vehicle-store';
import { type GroupOwner, OWNER_KINDS, type OwnerKind } from './device-group-types';
import { ownerInScope, ownerScopeOf } from './owner-scope';

const PARTY_KIND: Record<OwnerKind, PartyKind> = {
  dealer: 'dealer',
  fleet: 'fleet',
  evowner: 'evOwner',
  driver: 'driver',
};

function callerOf(roleType: RoleType, ids: { oemId: string | null; dealerId: string | null; fleetId: string | null }) {
  return {
    user: {
      id: 'usr-1',
      name: 'Test',
      email: 't@example.test',
      role: ROLE_TYPES[roleType][0],
      evOwnerId: null,
      driverId: null,
      ...ids,
    },
    roleType,
    permissions: {},
    sessionId: 's',
    client: { ip: null, userAgent: null },
  } as Caller;
}

test("the owner scope is the vehicles' partyInScope, for every role type, kind of owner and place", () => {
  const values = ['a', 'b', null];
  const callers: Caller[] = [];
  for (const roleType of Object.keys(ROLE_TYPES) as RoleType[])
    for (const oemId of values)
      for (const dealerId of values)
        for (const fleetId of values) callers.push(callerOf(roleType, { oemId, dealerId, fleetId }));
  let inScope = 0;
  let checked = 0;
  for (const caller of callers)
    for (const kind of OWNER_KINDS)
      for (const oemId of values)
        for (const dealerId of values)
          for (const fleetId of values) {
            const owner: GroupOwner = { kind, id: 'x', name: 'X', oemId, dealerId, fleetId };
            const expected = partyInScope(caller, PARTY_KIND[kind], owner);
            expect(ownerInScope(ownerScopeOf(caller), owner), `${caller.roleType} ${kind}`).toBe(expected);
            checked += 1;
            if (expected) inScope += 1;
          }
  // Both answers occur: the comparison is not of two constant functions.
  expect(inScope).toBeGreaterThan(0);
  expect(inScope).toBeLessThan(checked);
});
