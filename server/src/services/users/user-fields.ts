import type { PermissionMap } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { conflict, type FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { holdsAllOf } from '../roles/role-fields';
import { permissionsOfRole } from '../roles/role-permissions';
import { managesRoleCode } from '../roles/role-scope';
import type { StoredRole } from '../roles/role-types';
import type { UserDeps } from './user-store';
import type { NewAccount } from './user-types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** + and 8 to 15 digits; spaces and dashes between them are allowed. */
const PHONE = /^\+?[0-9][0-9 -]{6,20}[0-9]$/;

export const emailConflict = () =>
  conflict('An account with this e-mail exists.', { email: 'This e-mail address is already in use.' });

export interface Contact {
  name?: string;
  email?: string;
  phone?: string | null;
}

/** Name (1 to 80), e-mail (kept lower case) and phone; on a patch only the fields sent. */
export function readContact(errors: FieldErrors, body: Record<string, unknown>, partial: boolean): Contact {
  const out: Contact = {};
  if (!partial || body.name !== undefined) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) errors.add('name', 'Enter a name.');
    else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
    else out.name = name;
  }
  if (!partial || body.email !== undefined) {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!email) errors.add('email', 'Enter an e-mail address.');
    else if (!EMAIL.test(email)) errors.add('email', 'Enter a valid e-mail address.');
    else out.email = email;
  }
  if (body.phone !== undefined) {
    const phone = typeof body.phone === 'string' ? body.phone.trim() : body.phone;
    if (phone === null || phone === '') out.phone = null;
    else if (typeof phone !== 'string' || !PHONE.test(phone) || phone.replace(/\D/g, '').length > 15)
      errors.add('phone', 'Enter a phone number of 8 to 15 digits, optionally starting with +.');
    else out.phone = phone;
  }
  return out;
}

/**
 * The role the caller may give an account: one of a code the caller manages, holding nothing the caller does not;
 * undefined after recording why not.
 */
export async function assignableRole(
  deps: Pick<UserDeps, 'roles'>,
  errors: FieldErrors,
  caller: Caller,
  roleId: unknown,
): Promise<StoredRole | undefined> {
  const role = typeof roleId === 'string' && roleId !== '' ? await deps.roles.get(roleId) : undefined;
  if (!role || !managesRoleCode(caller, role.code)) {
    errors.add('roleId', 'Choose a role.');
    return undefined;
  }
  if (!holdsAllOf(caller, permissionsOfRole(role.code, role) as PermissionMap)) {
    errors.add('roleId', 'This role holds permissions you do not have; you cannot give it.');
    return undefined;
  }
  return role;
}

type ScopeIds = Pick<NewAccount, 'oemId' | 'dealerId' | 'fleetId'>;
const NONE: ScopeIds = { oemId: null, dealerId: null, fleetId: null };

/**
 * The scope ids of a new account: a service centre's or fleet's own for their callers; for platform and OEM callers
 * the service centre, fleet or OEM they name (an OEM only among its own), as the role's type needs.
 */
export async function scopeIdsFor(
  deps: Pick<UserDeps, 'users'>,
  errors: FieldErrors,
  caller: Caller,
  role: StoredRole,
  body: { oemId?: unknown; dealerId?: unknown; fleetId?: unknown },
): Promise<ScopeIds> {
  const type = roleTypeOf(role.code);
  const mine = caller.user;
  const pick = (field: 'oemId' | 'dealerId' | 'fleetId') =>
    typeof body[field] === 'string' && body[field] !== '' ? (body[field] as string) : undefined;
  if (caller.roleType === 'dealer') return { ...NONE, oemId: mine.oemId, dealerId: mine.dealerId };
  if (caller.roleType === 'fleet') return { ...NONE, oemId: mine.oemId, fleetId: mine.fleetId };
  const sameOem = (oemId: string) => caller.roleType !== 'oem' || oemId === mine.oemId;
  if (type === 'dealer') {
    const id = pick('dealerId');
    const dealer = id === undefined ? undefined : await deps.users.dealer(id);
    if (dealer && sameOem(dealer.oemId)) return { ...NONE, oemId: dealer.oemId, dealerId: dealer.id };
    errors.add('dealerId', 'Choose the service centre of the account.');
    return NONE;
  }
  if (type === 'fleet' || type === 'driver') {
    const id = pick('fleetId');
    const fleet = id === undefined ? undefined : await deps.users.fleet(id);
    if (fleet && sameOem(fleet.oemId)) return { ...NONE, oemId: fleet.oemId, fleetId: fleet.id };
    errors.add('fleetId', 'Choose the fleet of the account.');
    return NONE;
  }
  if (caller.roleType === 'oem') return { ...NONE, oemId: mine.oemId };
  if (type === 'oem') {
    const id = pick('oemId');
    if (id !== undefined && (await deps.users.oemExists(id))) return { ...NONE, oemId: id };
    errors.add('oemId', 'Choose the OEM of the account.');
  }
  return NONE;
}

/**
 * A one-time password: `Vl-` and 10 random hex digits (the form the portal shows and its tests expect), answered once;
 * only its hash is kept, and sign-in's lock-out after repeated failures bounds guessing.
 */
export function temporaryPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return `Vl-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
