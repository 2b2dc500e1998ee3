import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { Vehicle, VehicleStore } from '../vehicles/vehicle-store';
import type { Eligibility } from './assignment-rules';
import type { OrganisationScope } from './organisation-scope';
import type { ListKind, OrgKind, OrganisationTicket, OrgOf, UniqueField } from './organisation-types';

/** A slice of a related list: the first items and the total. */
export interface Slice<T> {
  items: T[];
  total: number;
}

/**
 * Storage of the organisations (OEMs, service centres, fleets, EV owners, drivers). Every read of an organisation
 * takes the caller's scope; vehicles are read and written through the vehicles' own store.
 */
export interface OrganisationStore {
  list<K extends ListKind>(
    kind: K,
    scope: OrganisationScope,
    query: ListQuery<string, string>,
  ): Promise<Slice<OrgOf[K]>>;
  /** The organisation if it exists and is in the scope. */
  get<K extends ListKind>(kind: K, id: string, scope: OrganisationScope): Promise<OrgOf[K] | undefined>;
  /** True when another organisation of the kind holds the value (without regard to case). */
  taken(kind: OrgKind, field: UniqueField, value: string, exceptId: string | null): Promise<boolean>;
  /** Inserts the organisation; a unique value taken meanwhile answers the contract's 409. */
  insert<K extends OrgKind>(kind: K, row: OrgOf[K]): Promise<void>;
  update<K extends OrgKind>(kind: K, id: string, changes: Partial<OrgOf[K]>): Promise<void>;
  /** A fleet's drivers by name, a service centre's fleets by name (the first `limit`). */
  driversOf(fleetId: string, limit: number): Promise<Slice<OrgOf['driver']>>;
  fleetsOf(dealerId: string, limit: number): Promise<Slice<OrgOf['fleet']>>;
  /**
   * A service centre's open tickets, newest first; absent where tickets are not kept yet (the server: tickets have
   * not moved), and the details then leave `openTickets` out.
   */
  openTicketsOf?(dealerId: string, limit: number): Promise<Slice<OrganisationTicket>>;
  /** The vehicles in the vehicle scope that the rule admits, searched by VIN or registration, by registration. */
  assignable(scope: VehicleScope, rule: Eligibility, q: string | undefined, limit: number): Promise<Slice<Vehicle>>;
}

export interface OrganisationDeps {
  organisations: OrganisationStore;
  vehicles: VehicleStore;
  now: () => Date;
  /** Runs `work` in one transaction: the writes (organisations and vehicles) and the audit entry commit together. */
  transact<T>(
    work: (tx: { organisations: OrganisationStore; vehicles: VehicleStore; audit: AuditStore }) => Promise<T>,
  ): Promise<T>;
}
