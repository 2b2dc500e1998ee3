import type { AuditStore } from '../audit/audit-chain';
import type { ListQuery } from '../lib/list-query';
import type { VehicleScope } from '../vehicles/vehicle-scope';
import type { DeviceGroupFilterField, DeviceGroupSortField } from './device-group-list-spec';
import type { DeviceGroupRecord, GroupOwner, MemberVehicle, OwnerKind } from './device-group-types';
import type { OwnerScope } from './owner-scope';

/** Storage of device groups. Lists read only the groups whose owner exists and is in the owner scope. */
export interface DeviceGroupStore {
  list(
    scope: OwnerScope,
    query: ListQuery<DeviceGroupSortField, DeviceGroupFilterField>,
  ): Promise<{ items: DeviceGroupRecord[]; total: number }>;
  get(id: string): Promise<DeviceGroupRecord | undefined>;
  /** The owner (a service centre, fleet, EV owner or driver), undefined when there is none of that kind and id. */
  owner(kind: OwnerKind, id: string): Promise<GroupOwner | undefined>;
  /** The owner's vehicles in the vehicle scope, by id. */
  ownerVehicles(kind: OwnerKind, id: string, scope: VehicleScope): Promise<MemberVehicle[]>;
  modelExists(id: string): Promise<boolean>;
  insert(group: DeviceGroupRecord): Promise<void>;
  update(id: string, changes: Partial<DeviceGroupRecord>): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface DeviceGroupDeps {
  deviceGroups: DeviceGroupStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { deviceGroups: DeviceGroupStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
