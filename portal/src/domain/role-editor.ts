import { ACTION, type ActionName, PERMISSION_KEYS, type PermissionKey, type PermissionMap } from './permissions';

/**
 * What the role editor offers (decision 0067): the permission keys grouped by feature area, and for each key only the
 * action bits that mean something there. Every `can(key, ACTION.X)` the portal and the demo server check is among
 * them (`role-editor.test.ts` reads the sources to prove it), so the editor can grant everything the code asks for.
 */

const A = ACTION;
const LIST_EXPORT = A.LIST | A.EXPORT;
const CRUD = A.LIST | A.ADD | A.UPDATE | A.DELETE | A.EXPORT;
/** A management list of vehicles or devices: every structural action of spec §3 but Copy Link, Reset and Geofence. */
const INVENTORY =
  CRUD | A.ASSIGN | A.UNASSIGN | A.CLONE | A.IMPORT | A.RESYNC | A.CHANGE_STATUS | A.CONFIGURE | A.COPY_LINK;
const DETAILS = A.LIST | A.UPDATE | A.EXPORT | A.RESYNC | A.COPY_LINK;
const DETAIL_TAB = LIST_EXPORT;
const COMMANDS = A.LIST | A.ADD | A.EXPORT | A.RESYNC;
const FAULTS = A.LIST | A.UPDATE | A.EXPORT;
const LOCATION = A.LIST | A.EXPORT | A.GEOFENCE;
const DASHBOARD = A.LIST | A.EXPORT | A.CONFIGURE;
const ORGANISATION = CRUD | A.ASSIGN | A.UNASSIGN | A.EXPORT | A.IMPORT | A.RESET | A.CHANGE_STATUS;

function byPattern(key: PermissionKey): number {
  if (key === 'db' || key.startsWith('db.')) return DASHBOARD;
  if (/^(vh|BMS|MCU|VCU)\.l$/.test(key)) return INVENTORY;
  if (/^(vh|BMS|MCU|VCU)\.l\.d$/.test(key)) return DETAILS;
  if (/\.l\.d\.c(\.s)?$/.test(key)) return COMMANDS;
  if (/\.l\.d\.f$/.test(key)) return FAULTS;
  if (/\.l\.d\.l$/.test(key)) return LOCATION;
  if (/\.l\.d\.at$/.test(key)) return A.LIST | A.UPDATE | A.EXPORT;
  if (/\.l\.d\./.test(key)) return DETAIL_TAB;
  return 0;
}

const EXPLICIT: Partial<Record<PermissionKey, number>> = {
  mm: CRUD | A.CLONE | A.IMPORT | A.CONFIGURE,
  'mm.ev': CRUD | A.CLONE | A.IMPORT | A.CONFIGURE,
  'mm.bms': CRUD | A.CLONE | A.IMPORT | A.CONFIGURE,
  'mm.mcu': CRUD | A.CLONE | A.IMPORT | A.CONFIGURE,
  'mm.vcu': CRUD | A.CLONE | A.IMPORT | A.CONFIGURE,
  'mm.c': A.LIST | A.UPDATE | A.CONFIGURE,
  'mm.tt': A.LIST | A.ADD | A.UPDATE | A.DELETE | A.EXPORT | A.IMPORT,
  cm: INVENTORY,
  'evo.l': ORGANISATION,
  'fleet.l': ORGANISATION,
  'drv.l': ORGANISATION,
  'sc.l': ORGANISATION,
  'ac.l': CRUD | A.ASSIGN | A.UNASSIGN,
  'oem.l': CRUD | A.ASSIGN | A.UNASSIGN,
  // Add and Delete: the organisation's widget SDK keys, created and revoked in Settings (decision 0123).
  s: A.LIST | A.ADD | A.UPDATE | A.DELETE | A.CONFIGURE,
  's.logo': A.LIST | A.UPDATE | A.DELETE,
  's.api': A.LIST | A.ADD | A.DELETE | A.COPY_LINK | A.RESET,
  // Update: answer the visitor of a widget report from the report's page (decision 0128).
  fb: A.LIST | A.UPDATE,
  'rule.l': CRUD | A.ASSIGN | A.UNASSIGN | A.CLONE | A.CHANGE_STATUS,
  'rule.dm': A.LIST | A.UPDATE | A.CONFIGURE,
  'rule.h': LIST_EXPORT | A.UPDATE,
  cmd: COMMANDS,
  t: CRUD | A.ASSIGN | A.UNASSIGN | A.CHANGE_STATUS | A.EXPORT,
  su: CRUD | A.ASSIGN | A.RESET | A.CHANGE_STATUS,
  'su.RP': CRUD | A.CLONE,
  'su.DG': CRUD | A.ASSIGN | A.UNASSIGN,
  a: LIST_EXPORT,
  // Configure: save the organisation's carbon method settings (decision 0094).
  ce: LIST_EXPORT | A.CONFIGURE,
  ah: LIST_EXPORT,
  mp: A.LIST | A.UPDATE,
  'mp.cp': A.LIST | A.UPDATE,
  gr: CRUD | A.ASSIGN | A.UNASSIGN | A.GEOFENCE,
  FOTA: CRUD | A.ASSIGN | A.IMPORT | A.COPY_LINK | A.CHANGE_STATUS,
  'FOTA.h': LIST_EXPORT,
  hl: LIST_EXPORT,
  dc: CRUD | A.RESET | A.CONFIGURE,
};

/** The action bits that make sense for a key (List is always among them). */
export function applicableActions(key: PermissionKey): number {
  return (EXPLICIT[key] ?? byPattern(key)) | A.LIST;
}

/** The action names the editor offers for a key, in flag order. */
export function applicableActionNames(key: PermissionKey): ActionName[] {
  const mask = applicableActions(key);
  return (Object.keys(ACTION) as ActionName[]).filter((name) => (mask & ACTION[name]) !== 0);
}

/** Feature areas of the editor, in display order, with the keys of each (every key is in exactly one area). */
export const FEATURE_AREAS = [
  { id: 'dashboards', label: 'Dashboards', test: (k: string) => k === 'db' || k.startsWith('db.') || k === 'dc' },
  { id: 'vehicles', label: 'Vehicles', test: (k: string) => k.startsWith('vh.') },
  { id: 'bms', label: 'BMS', test: (k: string) => k.startsWith('BMS.') },
  { id: 'mcu', label: 'MCU', test: (k: string) => k.startsWith('MCU.') },
  { id: 'vcu', label: 'VCU', test: (k: string) => k.startsWith('VCU.') },
  { id: 'models', label: 'Models & components', test: (k: string) => k === 'mm' || k.startsWith('mm.') || k === 'cm' },
  {
    id: 'organisations',
    label: 'Organisations',
    test: (k: string) => ['evo.l', 'fleet.l', 'drv.l', 'sc.l'].includes(k),
  },
  {
    id: 'access',
    label: 'Users & access',
    test: (k: string) => ['su', 'su.RP', 'su.DG', 'ac.l', 'oem.l'].includes(k),
  },
  {
    id: 'operations',
    label: 'Rules, commands & geofencing',
    test: (k: string) => k.startsWith('rule.') || k === 'cmd' || k === 'gr',
  },
  { id: 'firmware', label: 'Firmware & hardware', test: (k: string) => k === 'FOTA' || k === 'FOTA.h' || k === 'hl' },
  { id: 'reports', label: 'Reports & audit', test: (k: string) => ['a', 'ce', 'ah'].includes(k) },
  {
    id: 'account',
    label: 'Settings, profile & support',
    test: (k: string) => k === 's' || k.startsWith('s.') || k.startsWith('mp') || k === 't' || k === 'fb',
  },
] as const;
export type FeatureAreaId = (typeof FEATURE_AREAS)[number]['id'];

/** The keys of each feature area, in key table order. */
export function keysByArea(): { id: FeatureAreaId; label: string; keys: PermissionKey[] }[] {
  return FEATURE_AREAS.map((area) => ({
    id: area.id,
    label: area.label,
    keys: PERMISSION_KEYS.filter((key) => FEATURE_AREAS.find((a) => a.test(key))?.id === area.id),
  }));
}

/** Only the applicable bits of each key; keys left with no bit are dropped. */
export function normalizePermissions(permissions: PermissionMap): PermissionMap {
  const out: PermissionMap = {};
  for (const key of PERMISSION_KEYS) {
    const flags = (permissions[key] ?? 0) & applicableActions(key);
    if (flags !== 0) out[key] = flags;
  }
  return out;
}

/** True when the map grants at least one bit. */
export function grantsAnything(permissions: PermissionMap): boolean {
  return Object.values(permissions).some((flags) => (flags ?? 0) > 0);
}

/**
 * The bits of `wanted` its editor does not hold, per key (empty when the editor may grant all of them): a role can
 * never grant more than the person editing it has.
 */
export function bitsBeyond(wanted: PermissionMap, editor: PermissionMap): Partial<Record<PermissionKey, number>> {
  const out: Partial<Record<PermissionKey, number>> = {};
  for (const key of PERMISSION_KEYS) {
    const extra = (wanted[key] ?? 0) & ~(editor[key] ?? 0);
    if (extra !== 0) out[key] = extra;
  }
  return out;
}
