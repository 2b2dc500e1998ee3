import type { PermissionKey } from '@/domain/permissions';

/** The organisations managed on their own pages: service centres, fleets, EV owners and drivers. */
export type OrganisationKind = 'dealer' | 'fleet' | 'evOwner' | 'driver';

export interface KindInfo {
  /** The permission key whose action bits guard the page's buttons (the route's key). */
  key: PermissionKey;
  /** One of them, lower case, in sentences ("Deactivate the fleet …"). */
  noun: string;
  /** The list's name (its table's accessible name) and the export's file name. */
  plural: string;
  fileName: string;
  /** What the add button says. */
  addLabel: string;
  /** Filters the URL may carry. */
  filterKeys: readonly string[];
}

export const KIND_INFO: Record<OrganisationKind, KindInfo> = {
  dealer: {
    key: 'sc.l',
    noun: 'service centre',
    plural: 'Service centres',
    fileName: 'service-centres.csv',
    addLabel: 'Add service centre',
    filterKeys: ['status', 'oemId'],
  },
  fleet: {
    key: 'fleet.l',
    noun: 'fleet',
    plural: 'Fleets',
    fileName: 'fleets.csv',
    addLabel: 'Add fleet',
    filterKeys: ['status', 'dealerId'],
  },
  evOwner: {
    key: 'evo.l',
    noun: 'EV owner',
    plural: 'EV owners',
    fileName: 'ev-owners.csv',
    addLabel: 'Add EV owner',
    filterKeys: ['status', 'dealerId'],
  },
  driver: {
    key: 'drv.l',
    noun: 'driver',
    plural: 'Drivers',
    fileName: 'drivers.csv',
    addLabel: 'Add driver',
    filterKeys: ['status', 'fleetId'],
  },
};

/** Days before its expiry when a driver's licence is flagged. */
export const LICENCE_WARNING_DAYS = 30;

/** "expired", "expires soon" or "valid" for a licence expiry date (YYYY-MM-DD) as of `now`. */
export function licenceState(expiresOn: string | null | undefined, now: number): 'expired' | 'soon' | 'valid' | null {
  if (!expiresOn) return null;
  const end = Date.parse(`${expiresOn}T23:59:59Z`);
  if (Number.isNaN(end)) return null;
  if (end < now) return 'expired';
  return end - now < LICENCE_WARNING_DAYS * 86_400_000 ? 'soon' : 'valid';
}
