import { paths } from '@/config/paths';
import type { MasterDataKind } from '@/domain/tab-sets';
import type { PermissionKey } from '@/domain/permissions';
import type { ModelKind } from '../api/model-types';

/** The `:kind` of `/model-management/:kind` and the model kind it lists. */
export const MODEL_KIND_BY_SLUG = { ev: 'EV', bms: 'BMS', mcu: 'MCU', vcu: 'VCU' } as const satisfies Record<
  string,
  ModelKind
>;
export type ModelKindSlug = keyof typeof MODEL_KIND_BY_SLUG;

export const MODEL_KINDS = ['EV', 'BMS', 'MCU', 'VCU'] as const satisfies readonly ModelKind[];

export const MODEL_KIND_LABELS: Record<ModelKind, string> = {
  EV: 'EV (vehicle)',
  BMS: 'BMS (battery management)',
  MCU: 'MCU (motor controller)',
  VCU: 'VCU (vehicle controller)',
};

/**
 * The master-data sub-tab of a model kind: an EV's state is the vehicle state its VCU reports, so EV and VCU models
 * both hold Vehicle State; BMS and MCU models hold their own (spec §2: one sub-tab per device kind).
 */
export const MASTER_DATA_TAB_OF_KIND: Record<ModelKind, MasterDataKind> = {
  EV: 'vcu',
  VCU: 'vcu',
  BMS: 'bms',
  MCU: 'mcu',
};

/** The slug of a kind, for paths and permission keys. */
export function slugOfKind(kind: ModelKind): ModelKindSlug {
  return kind.toLowerCase() as ModelKindSlug;
}

/** The model-management permission key of one kind (`mm.ev`, `mm.bms`, ...). */
export function kindPermissionKey(kind: ModelKind): PermissionKey {
  return `mm.${slugOfKind(kind)}`;
}

/** Where a model is shown: its kind's model management with the model open. */
export function modelPath(kind: ModelKind, id?: string): string {
  return paths.modelManagement.href(slugOfKind(kind), { model: id });
}

/** Where a model is configured, at a step. */
export function configurationPath(id: string, step: number): string {
  return paths.modelConfiguration.href({ model: id, step });
}
