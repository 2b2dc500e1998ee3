import type { AuditStore } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import type { ListQuery } from '../lib/list-query';
import type { VehicleFilterField, VehicleSortField } from './vehicle-list-spec';
import type { VehicleScope } from './vehicle-scope';

export type Vehicle = Schemas['Vehicle'];
/** A vehicle as stored: everything but the display names, which are joined in when read. */
export type VehicleData = Omit<Vehicle, 'names'>;

export interface EvModelRef {
  id: string;
  oemId: string;
  status: number;
  vehicleType: Vehicle['vehicleType'];
}

export type PartyKind = 'dealer' | 'fleet' | 'evOwner' | 'driver';

/** Where an owner of vehicles sits: its OEM, service centre and fleet (null where it has none). */
export interface PartyRef {
  id: string;
  oemId: string | null;
  dealerId: string | null;
  fleetId: string | null;
}

/** Storage of vehicles and the lookups their writes check against. Every read takes the caller's scope. */
export interface VehicleStore {
  list(
    scope: VehicleScope,
    query: ListQuery<VehicleSortField, VehicleFilterField>,
  ): Promise<{ items: Vehicle[]; total: number }>;
  /**
   * The vehicle if it exists and is in the scope. With `lock`, inside a transaction, its row is held until the
   * transaction ends, so two changes of one vehicle run one after the other and each reads what the other wrote (a
   * store whose writes are serial anyway, the demo's, has nothing to hold).
   */
  get(id: string, scope: VehicleScope, options?: { lock?: boolean }): Promise<Vehicle | undefined>;
  vinTaken(vin: string, exceptId?: string): Promise<boolean>;
  /** An EV model by id (undefined for an unknown id or a model of another kind). */
  evModel(id: string): Promise<EvModelRef | undefined>;
  /** A dealer, fleet, EV owner or driver with the organisations it belongs to; undefined when there is none. */
  party(kind: PartyKind, id: string): Promise<PartyRef | undefined>;
  /** Inserts a vehicle; a VIN taken meanwhile answers the contract's 409. */
  insert(vehicle: VehicleData): Promise<void>;
  update(id: string, changes: Partial<VehicleData>): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * The ids of every vehicle in the scope, with the version of what scopes vehicles (migration 0026's `stable`) read
   * just before them, so a write committed in between shows as a newer version at the next check. Version null when
   * the store keeps none or the scope depends on what the version does not follow (access grants by device model).
   * The broker holds these per connection to filter a scoped wildcard subscription (decision 0125).
   */
  idsInScope(scope: VehicleScope): Promise<{ ids: Set<string>; version: string | null }>;
  /** The current version `idsInScope` answers with (null when the store keeps none). */
  scopeVersion(): Promise<string | null>;
}

export interface VehicleDeps {
  vehicles: VehicleStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { vehicles: VehicleStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
