/** Role codes of portal spec §6, with labels, role types and the dashboard each role lands on. */

export const PRIMARY_ROLES = {
  SA: 'Super Admin',
  SE: 'Super Employee',
  OEMA: 'OEM Admin',
  OEME: 'OEM Employee',
  DR: 'Driver',
  EVO: 'EV Owner',
  FA: 'Fleet Admin',
  FE: 'Fleet Employee',
  DA: 'Service Center Admin',
  DE: 'Service Center Employee',
} as const;

/** Component kinds that have an Admin/Employee role pair. */
export const COMPONENT_ROLE_KINDS = ['BMS', 'MCU', 'VCU', 'GPS', 'OBC', 'DCDC', 'BTMS', 'TPMS'] as const;
export type ComponentRoleKind = (typeof COMPONENT_ROLE_KINDS)[number];

export const COMPONENT_ROLES = {
  BMSA: 'BMS Admin',
  BMSE: 'BMS Employee',
  MCUA: 'MCU Admin',
  MCUE: 'MCU Employee',
  VCUA: 'VCU Admin',
  VCUE: 'VCU Employee',
  GPSA: 'GPS Admin',
  GPSE: 'GPS Employee',
  OBCA: 'OBC Admin',
  OBCE: 'OBC Employee',
  DCDCA: 'DCDC Admin',
  DCDCE: 'DCDC Employee',
  BTMSA: 'BTMS Admin',
  BTMSE: 'BTMS Employee',
  TPMSA: 'TPMS Admin',
  TPMSE: 'TPMS Employee',
} as const;

export const ROLE_LABELS = { ...PRIMARY_ROLES, ...COMPONENT_ROLES } as const;
export type RoleCode = keyof typeof ROLE_LABELS;
export const ROLE_CODES = Object.keys(ROLE_LABELS) as RoleCode[];

export function isRoleCode(value: unknown): value is RoleCode {
  return typeof value === 'string' && Object.hasOwn(ROLE_LABELS, value);
}

/**
 * Role types group roles that share a dashboard and scope. Platform staff and OEMs see the whole fleet of their
 * tenant; dealers and fleets see what is assigned to them; drivers and EV owners see their own vehicles.
 */
export const ROLE_TYPES = {
  platform: ['SA', 'SE'],
  oem: ['OEMA', 'OEME'],
  dealer: ['DA', 'DE'],
  fleet: ['FA', 'FE'],
  driver: ['DR'],
  evOwner: ['EVO'],
  bms: ['BMSA', 'BMSE'],
  mcu: ['MCUA', 'MCUE'],
  vcu: ['VCUA', 'VCUE'],
  component: ['GPSA', 'GPSE', 'OBCA', 'OBCE', 'DCDCA', 'DCDCE', 'BTMSA', 'BTMSE', 'TPMSA', 'TPMSE'],
} as const satisfies Record<string, readonly RoleCode[]>;
export type RoleType = keyof typeof ROLE_TYPES;

export const ROLE_TYPE_LABELS: Record<RoleType, string> = {
  platform: 'Platform',
  oem: 'OEM',
  dealer: 'Service Center',
  fleet: 'Fleet',
  driver: 'Driver',
  evOwner: 'EV Owner',
  bms: 'BMS',
  mcu: 'MCU',
  vcu: 'VCU',
  component: 'Other components',
};

export function roleTypeOf(role: RoleCode): RoleType {
  for (const [type, roles] of Object.entries(ROLE_TYPES) as [RoleType, readonly RoleCode[]][]) {
    if (roles.includes(role)) return type;
  }
  return 'component';
}

/** Where each role type lands after login. */
export const DASHBOARD_BY_ROLE_TYPE: Record<RoleType, string> = {
  platform: '/dashboard',
  oem: '/dashboard',
  dealer: '/dealer/dashboard',
  fleet: '/fleet/dashboard',
  driver: '/driver/dashboard',
  evOwner: '/ev-owner/dashboard',
  bms: '/bms/dashboard',
  mcu: '/mcu/dashboard',
  vcu: '/vcu/dashboard',
  component: '/dashboard',
};

export function dashboardPathFor(role: RoleCode): string {
  return DASHBOARD_BY_ROLE_TYPE[roleTypeOf(role)];
}

export function isAdminRole(role: RoleCode): boolean {
  return role === 'SA' || role.endsWith('A');
}

/** Roles that may be picked when assigning access, per component kind (spec §6). */
export const ASSIGNABLE_ROLES = {
  ev: ['OEMA', 'BMSA', 'MCUA', 'VCUA', 'DA', 'FA', 'EVO', 'DR'],
  bms: ['OEMA', 'BMSA', 'DA', 'FA', 'EVO', 'DR'],
  mcu: ['OEMA', 'MCUA', 'DA', 'FA', 'EVO', 'DR'],
  vcu: ['OEMA', 'VCUA', 'DA', 'FA', 'EVO', 'DR'],
} as const satisfies Record<string, readonly RoleCode[]>;

/** The admin-only assignable list. */
export const ADMIN_ONLY_ASSIGNABLE_ROLES = ['BMSA', 'MCUA', 'VCUA'] as const satisfies readonly RoleCode[];
