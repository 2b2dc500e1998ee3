import { type RoleCode, type RoleType, roleTypeOf } from './roles';

/** Permission action bit flags (spec §3). */
export const ACTION = {
  LIST: 1,
  ADD: 2,
  UPDATE: 4,
  DELETE: 8,
  ASSIGN: 16,
  UNASSIGN: 32,
  CLONE: 64,
  EXPORT: 128,
  IMPORT: 256,
  RESYNC: 512,
  COPY_LINK: 1024,
  RESET: 2048,
  CONFIGURE: 4096,
  CHANGE_STATUS: 8192,
  GEOFENCE: 16384,
} as const;
export type ActionName = keyof typeof ACTION;
export type ActionFlag = (typeof ACTION)[ActionName];

export const ACTION_LABELS: Record<ActionName, string> = {
  LIST: 'List/read',
  ADD: 'Add',
  UPDATE: 'Update',
  DELETE: 'Delete',
  ASSIGN: 'Assign',
  UNASSIGN: 'Unassign',
  CLONE: 'Clone',
  EXPORT: 'Export',
  IMPORT: 'Import',
  RESYNC: 'Resync',
  COPY_LINK: 'Copy Link',
  RESET: 'Reset',
  CONFIGURE: 'Configure',
  CHANGE_STATUS: 'Change Status',
  GEOFENCE: 'Geofence',
};

/** Every action bit set. */
export const ALL_ACTIONS = Object.values(ACTION).reduce((a, b) => a | b, 0);

/** Read-only: list and export. */
const READ = ACTION.LIST;
const READ_EXPORT = ACTION.LIST | ACTION.EXPORT;
/** Day-to-day work of an employee: read, add, update, export, resync, copy link. */
const WORK = ACTION.LIST | ACTION.ADD | ACTION.UPDATE | ACTION.EXPORT | ACTION.RESYNC | ACTION.COPY_LINK;
/** Staff working tickets also move them between statuses (decision 0065). */
const TICKET_WORK = WORK | ACTION.CHANGE_STATUS;
/** Everything but the destructive and structural actions. */
const MANAGE = ALL_ACTIONS;

/**
 * Permission keys with their readable labels. Page keys come from spec §6; sub-keys cover the feature areas it lists
 * (vehicle / BMS / MCU detail tabs, dashboards per role type, model management, role and permission, device group,
 * dashboard configuration, settings).
 */
export const PERMISSION_LABELS = {
  db: 'Dashboard',
  'db.fs': 'Fault Summary',
  'db.raf': 'Recent Active Faults',
  'db.map': 'Real-Time Map View of Vehicle',
  'db.platform': 'Platform Dashboard',
  'db.oem': 'OEM Dashboard',
  'db.dealer': 'Service Center Dashboard',
  'db.fleet': 'Fleet Dashboard',
  'db.driver': 'Driver Dashboard',
  'db.evOwner': 'EV Owner Dashboard',
  'db.bms': 'BMS Dashboard',
  'db.mcu': 'MCU Dashboard',
  'db.vcu': 'VCU Dashboard',
  'vh.l': 'Vehicle Management',
  'vh.l.d': 'Vehicle Details',
  'vh.l.d.o': 'Vehicle Overview',
  'vh.l.d.t': 'Trip Analysis',
  'vh.l.d.n': 'Vehicle Notifications',
  'vh.l.d.c': 'Vehicle Commands',
  'vh.l.d.c.s': 'Send Command',
  'vh.l.d.f': 'Vehicle Fault & Alerts',
  'vh.l.d.a': 'Vehicle Analysis',
  'vh.l.d.at': 'Vehicle Attributes',
  'vh.l.d.l': 'Vehicle Location Analysis',
  'vh.l.d.ota': 'Vehicle OTA History',
  'BMS.l': 'BMS Management',
  'BMS.l.d': 'BMS Details',
  'BMS.l.d.o': 'BMS Overview',
  'BMS.l.d.bsc': 'Battery State Cycle',
  'BMS.l.d.ch': 'Cell History',
  'BMS.l.d.n': 'BMS Notifications',
  'BMS.l.d.c': 'BMS Commands',
  'BMS.l.d.f': 'BMS Fault & Alerts',
  'BMS.l.d.a': 'BMS Analysis',
  'BMS.l.d.at': 'BMS Attributes',
  'BMS.l.d.l': 'BMS Location Analysis',
  'BMS.l.d.ota': 'BMS OTA History',
  'MCU.l': 'MCU Management',
  'MCU.l.d': 'MCU Details',
  'MCU.l.d.o': 'MCU Overview',
  'MCU.l.d.n': 'MCU Notifications',
  'MCU.l.d.c': 'MCU Commands',
  'MCU.l.d.f': 'MCU Fault & Alerts',
  'MCU.l.d.a': 'MCU Analysis',
  'MCU.l.d.l': 'MCU Location Analysis',
  'MCU.l.d.ota': 'MCU OTA History',
  'VCU.l': 'VCU Management',
  'VCU.l.d': 'VCU Details',
  'VCU.l.d.c': 'VCU Commands',
  mm: 'Model Management',
  'mm.ev': 'EV Model Management',
  'mm.bms': 'BMS Model Management',
  'mm.mcu': 'MCU Model Management',
  'mm.vcu': 'VCU Model Management',
  'mm.c': 'Model Configuration',
  'mm.tt': 'Telemetry Template',
  cm: 'Component Management',
  'evo.l': 'EV Owner Management',
  'fleet.l': 'Fleet Management',
  'drv.l': 'Driver Management',
  'sc.l': 'Service Center Management',
  'ac.l': 'Access Management',
  'oem.l': 'OEM Access',
  s: 'Settings',
  's.logo': 'Company Logo',
  's.api': 'REST API',
  'rule.l': 'Rule Management',
  'rule.dm': 'Delivery Method',
  'rule.h': 'Notification History',
  cmd: 'Command History',
  t: 'Help & Support',
  fb: 'Feedback Inbox',
  su: 'User Management',
  'su.RP': 'Role & Permission',
  'su.DG': 'Device Group',
  a: 'Analysis',
  ce: 'Carbon Emission',
  ah: 'Audit History',
  mp: 'My Profile',
  'mp.cp': 'Change Password',
  gr: 'Geofencing',
  FOTA: 'Firmware Release',
  'FOTA.h': 'Firmware Update History',
  hl: 'Hardware Log',
  dc: 'Dashboard Configuration',
} as const;

export type PermissionKey = keyof typeof PERMISSION_LABELS;
export const PERMISSION_KEYS = Object.keys(PERMISSION_LABELS) as PermissionKey[];

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && Object.hasOwn(PERMISSION_LABELS, value);
}

/** What a user may do: action bits per permission key. A missing key means no access. */
export type PermissionMap = Partial<Record<PermissionKey, number>>;

/** A guard requirement: one key, or any of several keys (fault details: vh.l.d.f, BMS.l.d.f or MCU.l.d.f). */
export type PermissionRequirement = PermissionKey | { anyOf: readonly PermissionKey[] };

/** True when the permissions allow `action` (default: list/read) on the key or on any of the keys. */
export function can(
  permissions: PermissionMap | null | undefined,
  requirement: PermissionRequirement,
  action: number = ACTION.LIST,
): boolean {
  if (!permissions) return false;
  const keys = typeof requirement === 'string' ? [requirement] : requirement.anyOf;
  return keys.some((key) => ((permissions[key] ?? 0) & action) === action);
}

/** The action names set in a flag number, in flag order. */
export function actionsOf(flags: number): ActionName[] {
  return (Object.keys(ACTION) as ActionName[]).filter((name) => (flags & ACTION[name]) !== 0);
}

/** The flag number of a list of action names. */
export function flagsOf(actions: readonly ActionName[]): number {
  return actions.reduce((acc, name) => acc | ACTION[name], 0);
}

function grant(keys: readonly PermissionKey[], flags: number): PermissionMap {
  return Object.fromEntries(keys.map((k) => [k, flags]));
}

function keysWithPrefix(prefix: string): PermissionKey[] {
  return PERMISSION_KEYS.filter((k) => k === prefix || k.startsWith(`${prefix}.`));
}

const VEHICLE_DETAIL = keysWithPrefix('vh.l');
const BMS_ALL = keysWithPrefix('BMS.l');
const MCU_ALL = keysWithPrefix('MCU.l');
const VCU_ALL = keysWithPrefix('VCU.l');
const DASH_WIDGETS: PermissionKey[] = ['db', 'db.fs', 'db.raf', 'db.map'];
const SELF: PermissionKey[] = ['mp', 'mp.cp', 't'];

/**
 * The default role -> permission matrix (the spec leaves it open; see docs/decisions/0002-permission-matrix.md).
 * The Fleet API returns each user's permissions; this matrix seeds the demo world and is the fallback.
 */
const MATRIX: Record<RoleType, { admin: PermissionMap; employee: PermissionMap }> = {
  platform: {
    admin: grant(PERMISSION_KEYS, MANAGE),
    employee: {
      ...grant(PERMISSION_KEYS, WORK),
      ...grant(['su', 'su.RP', 'su.DG', 'oem.l', 'ac.l', 's', 's.api', 's.logo'], READ_EXPORT),
      ...grant(['t'], TICKET_WORK),
    },
  },
  oem: {
    admin: {
      ...grant(
        PERMISSION_KEYS.filter((k) => k !== 'oem.l' && k !== 's.api'),
        MANAGE,
      ),
      ...grant(['s.api'], READ),
    },
    employee: {
      ...grant(
        PERMISSION_KEYS.filter(
          (k) => !['oem.l', 'ac.l', 'su', 'su.RP', 'su.DG', 's', 's.api', 's.logo', 'dc'].includes(k),
        ),
        WORK,
      ),
      ...grant(['ac.l', 'dc'], READ),
      ...grant(['t'], TICKET_WORK),
    },
  },
  dealer: {
    admin: {
      ...grant([...DASH_WIDGETS, 'db.dealer', ...SELF], MANAGE),
      ...grant(VEHICLE_DETAIL, MANAGE & ~ACTION.DELETE),
      ...grant(['evo.l', 'fleet.l', 'su', 'su.DG'], MANAGE),
      ...grant(['cmd', 'rule.h', 'gr', 'a', 'ce', 'FOTA.h'], READ_EXPORT),
    },
    employee: {
      ...grant([...DASH_WIDGETS, 'db.dealer', ...SELF], WORK),
      ...grant(VEHICLE_DETAIL, WORK),
      ...grant(['evo.l', 'fleet.l'], WORK),
      ...grant(['t'], TICKET_WORK),
      ...grant(['cmd', 'rule.h', 'a', 'FOTA.h'], READ),
    },
  },
  fleet: {
    admin: {
      ...grant([...DASH_WIDGETS, 'db.fleet', ...SELF], MANAGE),
      ...grant(VEHICLE_DETAIL, MANAGE & ~ACTION.DELETE),
      ...grant(['drv.l', 'gr', 'su', 'su.DG', 'rule.l', 'rule.dm'], MANAGE),
      ...grant(['cmd', 'rule.h', 'a', 'FOTA.h'], READ_EXPORT),
      // A fleet saves its own carbon settings and supply contract (decision 0094).
      ...grant(['ce'], READ_EXPORT | ACTION.CONFIGURE),
    },
    employee: {
      ...grant([...DASH_WIDGETS, 'db.fleet', ...SELF], WORK),
      ...grant(VEHICLE_DETAIL, WORK),
      ...grant(['drv.l', 'gr'], WORK),
      ...grant(['cmd', 'rule.h', 'a', 'ce'], READ),
    },
  },
  driver: {
    admin: {},
    employee: {
      ...grant(['db', 'db.driver', 'db.map', ...SELF], WORK),
      ...grant(['vh.l.d', 'vh.l.d.o', 'vh.l.d.t', 'vh.l.d.n', 'vh.l.d.f', 'vh.l.d.l'], READ),
    },
  },
  evOwner: {
    admin: {},
    employee: {
      ...grant(['db', 'db.evOwner', 'db.map', ...SELF], WORK),
      ...grant(['vh.l.d', 'vh.l.d.o', 'vh.l.d.t', 'vh.l.d.n', 'vh.l.d.f', 'vh.l.d.a', 'vh.l.d.l'], READ),
      ...grant(['ce'], READ_EXPORT),
    },
  },
  bms: {
    admin: {
      ...grant([...DASH_WIDGETS, 'db.bms', ...SELF], MANAGE),
      ...grant([...BMS_ALL, 'mm', 'mm.bms', 'mm.c', 'mm.tt', 'cm', 'FOTA', 'FOTA.h', 'cmd', 'hl'], MANAGE),
    },
    employee: {
      ...grant([...DASH_WIDGETS, 'db.bms', ...SELF], WORK),
      ...grant([...BMS_ALL, 'cmd', 'hl'], WORK),
      ...grant(['mm', 'mm.bms', 'FOTA.h'], READ),
    },
  },
  mcu: {
    admin: {
      ...grant([...DASH_WIDGETS, 'db.mcu', ...SELF], MANAGE),
      ...grant([...MCU_ALL, 'mm', 'mm.mcu', 'mm.c', 'mm.tt', 'cm', 'FOTA', 'FOTA.h', 'cmd', 'hl'], MANAGE),
    },
    employee: {
      ...grant([...DASH_WIDGETS, 'db.mcu', ...SELF], WORK),
      ...grant([...MCU_ALL, 'cmd', 'hl'], WORK),
      ...grant(['mm', 'mm.mcu', 'FOTA.h'], READ),
    },
  },
  vcu: {
    admin: {
      ...grant([...DASH_WIDGETS, 'db.vcu', ...SELF], MANAGE),
      ...grant([...VCU_ALL, 'mm', 'mm.vcu', 'mm.c', 'mm.tt', 'cm', 'FOTA', 'FOTA.h', 'cmd', 'hl'], MANAGE),
    },
    employee: {
      ...grant([...DASH_WIDGETS, 'db.vcu', ...SELF], WORK),
      ...grant([...VCU_ALL, 'cmd', 'hl'], WORK),
      ...grant(['mm', 'mm.vcu', 'FOTA.h'], READ),
    },
  },
  component: {
    admin: grant(['db', 'db.fs', 'db.raf', 'cm', 'hl', 'FOTA.h', ...SELF], MANAGE),
    employee: grant(['db', 'db.fs', 'db.raf', 'cm', 'hl', ...SELF], WORK),
  },
};

/** The default permissions of a role (a fresh object each call). */
export function defaultPermissionsFor(role: RoleCode): PermissionMap {
  const type = roleTypeOf(role);
  const row = MATRIX[type];
  // Single-role types (driver, EV owner) keep their permissions in `employee`.
  const isAdmin = (role === 'SA' || role.endsWith('A')) && Object.keys(row.admin).length > 0;
  return { ...(isAdmin ? row.admin : row.employee) };
}

/** Every bit either map allows, per key (a role's permissions plus those a grant adds). */
export function unionPermissions(a: PermissionMap, b: PermissionMap): PermissionMap {
  const out: PermissionMap = { ...a };
  for (const [key, bits] of Object.entries(b) as [PermissionKey, number][]) out[key] = (out[key] ?? 0) | bits;
  return out;
}
