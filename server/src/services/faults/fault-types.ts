import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Fault = Schemas['Fault'];
export type FaultDeviceKind = Fault['deviceKind'];

export const FAULT_DEVICE_KINDS = ['EV', 'BMS', 'MCU', 'VCU'] as const satisfies readonly FaultDeviceKind[];
export const FAULT_KINDS = ['Alert', 'Fault'] as const satisfies readonly Fault['kind'][];
export const FAULT_SCOPES = ['Component', 'System'] as const satisfies readonly Fault['scope'][];

/** Reading faults: a fault tab of a vehicle, BMS or MCU, or a dashboard's fault widgets. */
export const FAULT_READ_KEYS: readonly PermissionKey[] = ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f', 'db.fs', 'db.raf'];
/** Acknowledging one: Update on a fault tab. */
export const FAULT_ACKNOWLEDGE_KEYS: readonly PermissionKey[] = ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'];

/** The list key of each kind of device a fault is raised on (a vehicle-level fault: the vehicle list). */
export const FAULT_KIND_KEY = {
  EV: 'vh.l',
  BMS: 'BMS.l',
  MCU: 'MCU.l',
  VCU: 'VCU.l',
} as const satisfies Record<FaultDeviceKind, PermissionKey>;

/** Audit entity name of spec §3. */
export const FAULT_AUDIT_ENTITY = 'Fault';
