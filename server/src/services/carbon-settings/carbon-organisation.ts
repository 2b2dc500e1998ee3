import type { Caller } from '../lib/caller';
import type {
  CarbonSettingsStore,
  OrganisationKind,
  StoredCarbonSettings,
  SupplyContract,
} from './carbon-settings-store';

/** The organisation whose carbon settings a caller reads and saves (decision 0094), by its settings id. */
export interface CarbonOrganisation {
  /** The company settings row that holds them (the platform and an OEM share it with their company settings). */
  id: string;
  kind: OrganisationKind;
  /** The party's id (the OEM, service centre, fleet, EV owner or account). */
  partyId: string | null;
}

/** The caller's organisation: the platform, their OEM, service centre, fleet (drivers too) or EV owner, else themselves. */
export function carbonOrganisationOf(caller: Caller): CarbonOrganisation {
  const u = caller.user;
  if (caller.roleType === 'platform') return { id: 'platform', kind: 'platform', partyId: null };
  if (caller.roleType === 'oem' && u.oemId) return { id: u.oemId, kind: 'oem', partyId: u.oemId };
  if (caller.roleType === 'dealer' && u.dealerId)
    return { id: `dealer:${u.dealerId}`, kind: 'dealer', partyId: u.dealerId };
  if ((caller.roleType === 'fleet' || caller.roleType === 'driver') && u.fleetId)
    return { id: `fleet:${u.fleetId}`, kind: 'fleet', partyId: u.fleetId };
  if (caller.roleType === 'evOwner' && u.evOwnerId)
    return { id: `evowner:${u.evOwnerId}`, kind: 'evowner', partyId: u.evOwnerId };
  return { id: `user:${u.id}`, kind: 'user', partyId: u.id };
}

/** The organisation's name as the settings show it, given the party's name where it has one (undefined: gone). */
export function organisationNameOf(caller: Caller, org: CarbonOrganisation, partyName: string | undefined): string {
  if (org.kind === 'platform') return 'the platform';
  if (org.kind === 'user' || org.partyId === null) return caller.user.name;
  return partyName ?? org.partyId;
}

/** The organisation's name, its party's read from the store. */
export async function carbonOrganisationName(
  store: Pick<CarbonSettingsStore, 'partyName'>,
  caller: Caller,
  org: CarbonOrganisation,
): Promise<string> {
  const party =
    org.kind === 'platform' || org.kind === 'user' || org.partyId === null
      ? undefined
      : await store.partyName(org.kind, org.partyId);
  return organisationNameOf(caller, org, party);
}

/** A fleet's supply contract: the one it saved (null: none), else the one it came with. */
export function fleetContract(
  saved: StoredCarbonSettings | undefined,
  seeded: SupplyContract | null,
): SupplyContract | null {
  return saved && saved.supplyContract !== undefined ? saved.supplyContract : seeded;
}
