import type { Caller } from '../lib/caller';
import type { PartyKind, PartyRef } from './vehicle-store';

/**
 * True when the caller may hand vehicles to this owner: platform staff anyone; an OEM the parties of its OEM; a
 * service centre itself and the fleets, EV owners and drivers under it; a fleet itself and its drivers. Nobody else.
 */
export function partyInScope(caller: Caller, kind: PartyKind, party: PartyRef): boolean {
  const me = caller.user;
  switch (caller.roleType) {
    case 'platform':
      return true;
    case 'oem':
      return party.oemId !== null && party.oemId === me.oemId;
    case 'dealer':
      return party.dealerId !== null && party.dealerId === me.dealerId;
    case 'fleet':
      return (kind === 'fleet' || kind === 'driver') && party.fleetId !== null && party.fleetId === me.fleetId;
    default:
      return false;
  }
}
