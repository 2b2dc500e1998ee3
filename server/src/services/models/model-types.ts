import type { PermissionKey } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Model = Schemas['Model'];
export type ModelKind = Schemas['DeviceKind'];

export const MODEL_KINDS: readonly ModelKind[] = ['EV', 'BMS', 'MCU', 'VCU'];
export const VEHICLE_TYPES: readonly NonNullable<Model['vehicleType']>[] = ['2 Wheeler', '3 Wheeler'];

/** Audit entity name of spec §3 for every kind of model. */
export const MODEL_AUDIT_ENTITY = 'Vehicle Model';

/** Who may read models: model and component management, and the vehicle list (its model picker and details). */
export const MODEL_LIST_KEYS: readonly PermissionKey[] = ['mm', 'cm', 'vh.l'];
export const MODEL_READ_KEYS: readonly PermissionKey[] = ['mm', 'cm', 'vh.l', 'vh.l.d'];
