import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import type { ListQuery } from '../lib/list-query';
import type { VehicleFilterField, VehicleSortField } from '../vehicles/vehicle-list-spec';
import type { Vehicle, VehicleStore } from '../vehicles/vehicle-store';
import { organisationScopeOf } from './organisation-scope';
import type { OrganisationStore } from './organisation-store';
import {
  ORG_KIND_INFO,
  type OrganisationDetails,
  type OrganisationVehicle,
  type OrgKind,
  type OrgOf,
  VEHICLE_FIELD,
} from './organisation-types';

/** Each related list of the details holds at most this many items beside its total. */
export const DETAIL_ITEMS = 50;

/**
 * The organisation in the caller's scope, or the contract's 404 (never 403, so ids do not leak); the caller needs
 * `action` (default List) on the kind's key first.
 */
export async function organisationOr404<K extends OrgKind>(
  store: OrganisationStore,
  caller: Caller,
  kind: K,
  id: string,
  action: number = ACTION.LIST,
): Promise<OrgOf[K]> {
  requirePermission(caller, ORG_KIND_INFO[kind].key, action);
  const org = await store.get(kind, id, organisationScopeOf(caller, kind));
  if (!org) throw notFound(ORG_KIND_INFO[kind].noun);
  return org;
}

/** A vehicle as an organisation's details and assign pickers show it. */
export function organisationVehicle(v: Vehicle): OrganisationVehicle {
  const names = v.names;
  return {
    id: v.id,
    vin: v.vin,
    registrationNumber: v.registrationNumber,
    modelName: names?.model ?? v.modelId,
    isLive: v.isLive,
    soc: v.soc ?? null,
    dealerName: names?.dealer ?? null,
    fleetName: names?.fleet ?? null,
    evOwnerName: names?.evOwner ?? null,
    driverName: names?.driver ?? null,
  };
}

/** The first page of vehicles of one owner field (or of a filter), by registration: the vehicles' own list. */
export function byRegistration(
  filters: ListQuery<VehicleSortField, VehicleFilterField>['filters'],
  pageSize: number,
  q?: string,
): ListQuery<VehicleSortField, VehicleFilterField> {
  return {
    page: 1,
    pageSize,
    sort: [{ field: 'registrationNumber', direction: 'asc' }],
    filters,
    q,
    from: undefined,
    to: undefined,
  };
}

/**
 * What a user of an organisation looks for (openapi.yaml OrganisationDetails): its vehicles (every one, whoever
 * reads), the names of the organisations above it; a fleet's drivers; a service centre's fleets and open tickets.
 */
export async function detailsOf<K extends OrgKind>(
  stores: { organisations: OrganisationStore; vehicles: VehicleStore },
  kind: K,
  org: OrgOf[K],
): Promise<OrganisationDetails> {
  const { organisations } = stores;
  const nameOf = async (of: 'oem' | 'dealer' | 'fleet', id: string | null | undefined) =>
    id ? ((await organisations.get(of, id, null))?.name ?? null) : null;
  const fleetId = kind === 'driver' ? (org as OrgOf['driver']).fleetId : null;
  const fleet = fleetId ? await organisations.get('fleet', fleetId, null) : undefined;
  const oemId = 'oemId' in org ? org.oemId : (fleet?.oemId ?? null);
  const dealerId = kind === 'fleet' || kind === 'evOwner' ? (org as OrgOf['fleet' | 'evOwner']).dealerId : null;
  const vehicles = await stores.vehicles.list(
    null,
    byRegistration([{ field: VEHICLE_FIELD[kind], values: [org.id] }], DETAIL_ITEMS),
  );
  const out: OrganisationDetails = {
    kind,
    id: org.id,
    name: org.name,
    oemName: await nameOf('oem', oemId),
    dealerName: await nameOf('dealer', dealerId),
    fleetName: fleet?.name ?? null,
    vehicles: { total: vehicles.total, items: vehicles.items.map(organisationVehicle) },
  };
  if (kind === 'fleet') out.drivers = await organisations.driversOf(org.id, DETAIL_ITEMS);
  if (kind === 'dealer') {
    out.fleets = await organisations.fleetsOf(org.id, DETAIL_ITEMS);
    if (organisations.openTicketsOf) out.openTickets = await organisations.openTicketsOf(org.id, DETAIL_ITEMS);
  }
  return out;
}

/** GET /dealers/{id}/details, /fleets/{id}/details, /ev-owners/{id}/details, /drivers/{id}/details. */
export async function getOrganisationDetails<K extends OrgKind>(
  deps: { organisations: OrganisationStore; vehicles: VehicleStore },
  caller: Caller,
  kind: K,
  input: { id: string },
): Promise<OrganisationDetails> {
  const org = await organisationOr404(deps.organisations, caller, kind, input.id);
  return detailsOf(deps, kind, org);
}
