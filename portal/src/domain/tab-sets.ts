import type { PermissionKey } from './permissions';

/** One tab of a tab set: a stable id (used in the URL), its label and the permission key that shows it. */
export interface TabDef {
  readonly id: string;
  readonly label: string;
  readonly permission?: PermissionKey;
}

/** Vehicle details: 8 tabs (spec §2). */
export const VEHICLE_TABS = [
  { id: 'overview', label: 'Overview', permission: 'vh.l.d.o' },
  { id: 'trip-analysis', label: 'Trip Analysis', permission: 'vh.l.d.t' },
  { id: 'notifications', label: 'Notifications', permission: 'vh.l.d.n' },
  { id: 'commands', label: 'Commands', permission: 'vh.l.d.c' },
  { id: 'faults', label: 'Fault & Alerts', permission: 'vh.l.d.f' },
  { id: 'analysis', label: 'Analysis', permission: 'vh.l.d.a' },
  { id: 'attributes', label: 'Attributes', permission: 'vh.l.d.at' },
  { id: 'location-analysis', label: 'Location Analysis', permission: 'vh.l.d.l' },
] as const satisfies readonly TabDef[];

/** BMS details: 8 tabs. */
export const BMS_TABS = [
  { id: 'overview', label: 'Overview', permission: 'BMS.l.d.o' },
  { id: 'battery-state-cycle', label: 'Battery State Cycle', permission: 'BMS.l.d.bsc' },
  { id: 'notifications', label: 'Notifications', permission: 'BMS.l.d.n' },
  { id: 'commands', label: 'Commands', permission: 'BMS.l.d.c' },
  { id: 'faults', label: 'Fault & Alerts', permission: 'BMS.l.d.f' },
  { id: 'analysis', label: 'Analysis', permission: 'BMS.l.d.a' },
  { id: 'attributes', label: 'Attributes', permission: 'BMS.l.d.at' },
  { id: 'location-analysis', label: 'Location Analysis', permission: 'BMS.l.d.l' },
] as const satisfies readonly TabDef[];

/** MCU details: 6 tabs. */
export const MCU_TABS = [
  { id: 'overview', label: 'Overview', permission: 'MCU.l.d.o' },
  { id: 'notifications', label: 'Notifications', permission: 'MCU.l.d.n' },
  { id: 'commands', label: 'Commands', permission: 'MCU.l.d.c' },
  { id: 'faults', label: 'Fault & Alerts', permission: 'MCU.l.d.f' },
  { id: 'analysis', label: 'Analysis', permission: 'MCU.l.d.a' },
  { id: 'location-analysis', label: 'Location Analysis', permission: 'MCU.l.d.l' },
] as const satisfies readonly TabDef[];

/** Model management: 6 tabs. */
export const MODEL_TABS = [
  { id: 'information', label: 'Information' },
  { id: 'master-data', label: 'Master Data' },
  { id: 'telemetry', label: 'Telemetry', permission: 'mm.tt' },
  { id: 'configuration', label: 'Configuration', permission: 'mm.c' },
  { id: 'commands', label: 'Commands' },
  { id: 'faults', label: 'Faults' },
] as const satisfies readonly TabDef[];

/** Model configuration: a six-step flow, selected by step id. */
export const MODEL_CONFIGURATION_STEPS = [
  { id: 1, label: 'Information' },
  { id: 2, label: 'Master Data' },
  { id: 3, label: 'Commands' },
  { id: 4, label: 'Faults' },
  { id: 5, label: 'Configurations' },
  { id: 6, label: 'Telemetry' },
] as const;
export type ModelConfigurationStepId = (typeof MODEL_CONFIGURATION_STEPS)[number]['id'];

/** Model master data: one sub-tab per device kind, selected by id. */
export const MASTER_DATA_TABS = {
  vcu: { id: 'vcu', label: 'Vehicle State' },
  bms: { id: 'bms', label: 'BMS State' },
  mcu: { id: 'mcu', label: 'MCU State' },
} as const;
export type MasterDataKind = keyof typeof MASTER_DATA_TABS;

/** User management: 3 tabs. */
export const USER_MANAGEMENT_TABS = [
  { id: 'users', label: 'Users', permission: 'su' },
  { id: 'role-permissions', label: 'Role & Permissions', permission: 'su.RP' },
  { id: 'device-group', label: 'Device Group', permission: 'su.DG' },
] as const satisfies readonly TabDef[];

/**
 * The current tab of a set: the requested id when it is one of the visible tabs, else the first visible tab
 * (so a stale or forbidden `?tab=` never leaves the set without a current tab).
 */
export function currentTabOf<T extends TabDef>(
  tabs: readonly T[],
  requested: string | null | undefined,
): T | undefined {
  return tabs.find((tab) => tab.id === requested) ?? tabs[0];
}
