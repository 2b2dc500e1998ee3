import { ADMIN_ONLY_ASSIGNABLE_ROLES, ASSIGNABLE_ROLES, type RoleCode } from './roles';

/**
 * Access grants (decision 0079): a partner organisation or a component admin gets a role on vehicles, a model, a
 * device kind or a whole OEM's fleet, until an expiry or a revoke. The roles offered are exactly spec §6's lists.
 */
export const COMPONENT_KINDS = ['ev', 'bms', 'mcu', 'vcu'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];
export const COMPONENT_KIND_LABELS: Record<ComponentKind, string> = { ev: 'EV', bms: 'BMS', mcu: 'MCU', vcu: 'VCU' };

/** What a grant opens: one vehicle, every vehicle/device of a model, a device kind, or an OEM's whole fleet (OEM access). */
export const GRANT_TARGETS = ['vehicle', 'model', 'deviceKind', 'oem'] as const;
export type GrantTarget = (typeof GRANT_TARGETS)[number];
export const GRANT_TARGET_LABELS: Record<GrantTarget, string> = {
  vehicle: 'Vehicle',
  model: 'Model',
  deviceKind: 'Device kind',
  oem: 'OEM fleet',
};

/** Who holds a grant, decided by its role: an organisation of that role's type, or a component admin account. */
export type GranteeType = 'oem' | 'dealer' | 'fleet' | 'evowner' | 'driver' | 'user';
export const GRANTEE_TYPE_OF_ROLE: Partial<Record<RoleCode, GranteeType>> = {
  OEMA: 'oem',
  DA: 'dealer',
  FA: 'fleet',
  EVO: 'evowner',
  DR: 'driver',
  BMSA: 'user',
  MCUA: 'user',
  VCUA: 'user',
};
export const GRANTEE_TYPE_LABELS: Record<GranteeType, string> = {
  oem: 'OEM',
  dealer: 'Service center',
  fleet: 'Fleet',
  evowner: 'EV owner',
  driver: 'Driver',
  user: 'Component admin',
};

/** OEM access (`/oem-access`): a manufacturer opens its fleet to a service centre or a fleet. */
export const OEM_ACCESS_ROLES = ['DA', 'FA'] as const satisfies readonly RoleCode[];

/**
 * The roles that may be picked for a grant: spec §6's list of the component kind for vehicles and models, the
 * admin-only list for a device kind, and the service centre and fleet admins of the EV list for OEM access.
 */
export function assignableRolesFor(target: GrantTarget, kind: ComponentKind): readonly RoleCode[] {
  if (target === 'deviceKind') return ADMIN_ONLY_ASSIGNABLE_ROLES;
  if (target === 'oem') return OEM_ACCESS_ROLES;
  return ASSIGNABLE_ROLES[kind];
}

/** A grant's state at `now`: revoked wins over expired. */
export type GrantStatus = 'active' | 'expired' | 'revoked';
export function grantStatus(
  grant: { expiresAt: number | null; revokedAt: number | null },
  now: number = Date.now(),
): GrantStatus {
  if (grant.revokedAt !== null) return 'revoked';
  if (grant.expiresAt !== null && grant.expiresAt <= now) return 'expired';
  return 'active';
}
