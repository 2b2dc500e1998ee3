import type { Schemas } from '../lib/api-types';

export type DeviceGroup = Schemas['DeviceGroup'];
/** A group as stored: no owner name, and `vehicleIds` are the picked vehicles (none in filter mode). */
export type DeviceGroupRecord = Omit<DeviceGroup, 'ownerName'>;
export type OwnerKind = DeviceGroup['ownerKind'];
export type GroupMode = DeviceGroup['mode'];
/** A filter as stored: every field present, null where it does not narrow. */
export interface GroupFilter {
  modelId: string | null;
  status: 0 | 1 | null;
  q: string | null;
}

export const OWNER_KINDS: readonly OwnerKind[] = ['dealer', 'fleet', 'evowner', 'driver'];

/** The owner of a group and where it sits: its OEM, service centre and fleet (null where it has none). */
export interface GroupOwner {
  kind: OwnerKind;
  id: string;
  name: string;
  oemId: string | null;
  dealerId: string | null;
  fleetId: string | null;
}

/** What a group's membership reads of a vehicle. */
export interface MemberVehicle {
  id: string;
  modelId: string;
  status: number;
  registrationNumber: string;
  vin: string;
}

/** Audit entity of device groups (openapi.yaml createDeviceGroup: "Audit entity Access"). */
export const DEVICE_GROUP_AUDIT_ENTITY = 'Access';
