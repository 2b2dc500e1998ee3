import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { GeofenceFilterField, GeofenceSortField } from './geofence-list-spec';
import type { Geofence } from './geofence-types';

/**
 * Storage of geofences. Every caller with `gr` sees every geofence; a geofence's `vehicleIds` as stored are all the
 * vehicles assigned to it, and the services show each caller only those of its vehicle scope (`vehiclesIn`).
 */
export interface GeofenceStore {
  list(query: ListQuery<GeofenceSortField, GeofenceFilterField>): Promise<{ items: Geofence[]; total: number }>;
  get(id: string): Promise<Geofence | undefined>;
  /** Of these vehicle ids, the ones of vehicles that exist and are in the scope. */
  vehiclesIn(ids: readonly string[], scope: VehicleScope): Promise<Set<string>>;
  insert(geofence: Geofence): Promise<void>;
  update(id: string, changes: Partial<Geofence>): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface GeofenceDeps {
  geofences: GeofenceStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { geofences: GeofenceStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
