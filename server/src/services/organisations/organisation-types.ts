import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

/** The organisations an operator manages (openapi.yaml OrganisationDetails `kind`). */
export type OrgKind = Schemas['OrganisationDetails']['kind'];
/** The organisations a list shows: the managed ones and the OEMs (a lookup only). */
export type ListKind = 'oem' | OrgKind;

export const ORG_KINDS = ['dealer', 'fleet', 'evOwner', 'driver'] as const satisfies readonly OrgKind[];

/** The API shape of each kind of organisation. */
export interface OrgOf {
  oem: Schemas['Oem'];
  dealer: Schemas['Dealer'];
  fleet: Schemas['Fleet'];
  evOwner: Schemas['EvOwner'];
  driver: Schemas['Driver'];
}
export type Org = OrgOf[OrgKind];

/** Per managed kind: its permission key, its audit entity and the noun its messages use. */
export const ORG_KIND_INFO = {
  dealer: { key: 'sc.l', entity: 'Dealer', noun: 'Service centre', idPrefix: 'dlr' },
  fleet: { key: 'fleet.l', entity: 'Fleet', noun: 'Fleet', idPrefix: 'flt' },
  evOwner: { key: 'evo.l', entity: 'EV Owner', noun: 'EV owner', idPrefix: 'evo' },
  driver: { key: 'drv.l', entity: 'Driver', noun: 'Driver', idPrefix: 'drv' },
} as const satisfies Record<OrgKind, { key: PermissionKey; entity: string; noun: string; idPrefix: string }>;

/** The vehicle field that ties a vehicle to an organisation of the kind. */
export const VEHICLE_FIELD = {
  dealer: 'dealerId',
  fleet: 'fleetId',
  evOwner: 'evOwnerId',
  driver: 'driverId',
} as const satisfies Record<OrgKind, keyof Schemas['Vehicle']>;

/** A vehicle as an organisation's details and assign pickers show it. */
export type OrganisationVehicle = Schemas['OrganisationVehicle'];
export type OrganisationDetails = Schemas['OrganisationDetails'];
export type OrganisationTicket = Schemas['OrganisationTicket'];

/** The fields unique within a kind (without regard to case): a 409 with a field error when taken. */
export type UniqueField = 'email' | 'code' | 'licenseNumber';
