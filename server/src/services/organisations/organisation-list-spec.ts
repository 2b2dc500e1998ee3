import { type ListSpec, parse } from '../lib/list-query';
import type { ListKind } from './organisation-types';

const STATUS = (name: string) => parse.int(name, [0, 1]);

/**
 * Each list's sorts and filters (openapi.yaml listOems, listDealers, listFleets, listEvOwners, listDrivers; the lists
 * also sort by status, and drivers by licence expiry, as the portal's tables do). Search: OEMs name and code; service
 * centres name, code and city; fleets name and city; EV owners name, e-mail and phone; drivers name, phone and licence.
 */
export const ORG_LISTS = {
  oem: {
    sortable: ['name', 'code', 'country', 'createdAt'],
    filterable: { status: STATUS('status'), country: parse.text },
    defaultSort: [{ field: 'name', direction: 'asc' }],
  },
  dealer: {
    sortable: ['name', 'code', 'city', 'status', 'createdAt'],
    filterable: { oemId: parse.text, status: STATUS('status'), city: parse.text },
    defaultSort: [{ field: 'name', direction: 'asc' }],
  },
  fleet: {
    sortable: ['name', 'city', 'status', 'createdAt'],
    filterable: { oemId: parse.text, dealerId: parse.text, status: STATUS('status'), city: parse.text },
    defaultSort: [{ field: 'name', direction: 'asc' }],
  },
  evOwner: {
    sortable: ['name', 'city', 'status', 'createdAt'],
    filterable: { dealerId: parse.text, status: STATUS('status'), city: parse.text },
    defaultSort: [{ field: 'name', direction: 'asc' }],
  },
  driver: {
    sortable: ['name', 'licenseExpiresOn', 'status', 'createdAt'],
    filterable: { fleetId: parse.text, status: STATUS('status') },
    defaultSort: [{ field: 'name', direction: 'asc' }],
  },
} as const satisfies Record<ListKind, ListSpec<string, string>>;

export type OrgSortField<K extends ListKind> = (typeof ORG_LISTS)[K]['sortable'][number];
export type OrgFilterField<K extends ListKind> = keyof (typeof ORG_LISTS)[K]['filterable'] & string;
/** The fields a list's search covers, per kind. */
export const ORG_SEARCH = {
  oem: ['name', 'code'],
  dealer: ['name', 'code', 'city'],
  fleet: ['name', 'city'],
  evOwner: ['name', 'email', 'phone'],
  driver: ['name', 'phone', 'licenseNumber'],
} as const satisfies Record<ListKind, readonly string[]>;
