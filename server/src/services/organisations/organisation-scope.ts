import type { Caller } from '../lib/caller';
import { type VehicleScope, vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { ListKind } from './organisation-types';

/**
 * Which organisations of a kind a caller sees (openapi.yaml listDealers etc.: "in the caller's scope"), as values a
 * query carries: null for every one, or the one value a field of the organisation's place must have. An organisation's
 * place is the OEM, service centre and fleet it sits under (itself included): an EV owner's OEM is its service
 * centre's, a driver's OEM and service centre are its fleet's. `orOwnersOf` (EV owners seen by an OEM) also admits
 * the owners of the vehicles in that vehicle scope. A scoped account without its id (value null) sees none.
 */
export type OrganisationScope = {
  field: 'id' | 'oemId' | 'dealerId' | 'fleetId';
  value: string | null;
  orOwnersOf?: VehicleScope;
} | null;

const NONE: OrganisationScope = { field: 'id', value: null };

/**
 * An OEM its own OEM record (everyone without an OEM all); a service centre itself, others those of their OEM (all
 * without one); a fleet or driver their own fleet, a service centre its fleets, others those of their OEM; a service
 * centre its EV owners, an EV owner itself, an OEM the owners its service centres look after and those of its vehicles,
 * fleets and drivers none; drivers of the fleets in the caller's scope (EV owners none).
 */
export function organisationScopeOf(caller: Caller, kind: ListKind): OrganisationScope {
  const me = caller.user;
  const role = caller.roleType;
  const ofOem = (field: 'id' | 'oemId'): OrganisationScope => (me.oemId ? { field, value: me.oemId } : null);
  switch (kind) {
    case 'oem':
      return ofOem('id');
    case 'dealer':
      return role === 'dealer' ? { field: 'id', value: me.dealerId } : ofOem('oemId');
    case 'fleet':
    case 'driver':
      if (kind === 'driver' && role === 'evOwner') return NONE;
      if (role === 'fleet' || role === 'driver') return { field: 'fleetId', value: me.fleetId };
      if (role === 'dealer') return { field: 'dealerId', value: me.dealerId };
      return ofOem('oemId');
    case 'evOwner':
      if (role === 'dealer') return { field: 'dealerId', value: me.dealerId };
      if (role === 'evOwner') return { field: 'id', value: me.evOwnerId };
      if (role === 'oem') return { field: 'oemId', value: me.oemId, orOwnersOf: vehicleScopeOf(caller) };
      if (role === 'fleet' || role === 'driver') return NONE;
      return null;
  }
}

/** Where an organisation sits: itself and the OEM, service centre and fleet above it (null where it has none). */
export interface OrgPlace {
  id: string;
  oemId: string | null;
  dealerId: string | null;
  fleetId: string | null;
}

/** True when the place is in the scope, leaving `orOwnersOf` (which needs the vehicles) to the caller. */
export function placeInScope(scope: OrganisationScope, place: OrgPlace): boolean {
  if (scope === null) return true;
  return scope.value !== null && place[scope.field] === scope.value;
}
