import { ACTION } from '@/domain/permissions';
import { bitsBeyond } from '@/domain/role-editor';
import { roleTypeOf } from '@/domain/roles';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { RoleRecord, UserRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { managesRoleCode, userInScope } from './lib/access-scope';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';

type UserAccount = components['schemas']['UserAccount'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** + and 8 to 15 digits; spaces and dashes between them are allowed. */
const PHONE = /^\+?[0-9][0-9 -]{6,20}[0-9]$/;

export const USER_LIST: ListSpec<UserRecord> = {
  sortable: {
    name: (u) => u.name.toLowerCase(),
    email: (u) => u.email.toLowerCase(),
    role: (u) => u.role,
    status: (u) => u.status,
    lastSignInAt: (u) => u.lastSignInAt ?? null,
    createdAt: (u) => u.createdAt,
  },
  filterable: { role: (u) => u.role, status: (u) => u.status, roleId: (u) => u.roleId ?? u.role },
  searchable: [(u) => u.name, (u) => u.email, (u) => u.phone],
  defaultSort: [{ field: 'name', direction: 'asc' }],
};

function organisationOf(db: WorldDb, user: UserRecord): string | null {
  const t = db.tables;
  if (user.fleetId) return t.fleets.get(user.fleetId)?.name ?? null;
  if (user.dealerId) return t.dealers.get(user.dealerId)?.name ?? null;
  if (user.evOwnerId) return t.evOwners.get(user.evOwnerId)?.name ?? null;
  if (user.oemId) return t.oems.get(user.oemId)?.name ?? null;
  return 'Voltline platform';
}

export function toUserAccount(db: WorldDb, user: UserRecord): UserAccount {
  const { password: _password, ...rest } = user;
  const roleId = user.roleId ?? user.role;
  return toApi<UserAccount>({
    ...rest,
    phone: user.phone ?? null,
    roleId,
    roleName: db.tables.roles.get(roleId)?.name ?? roleId,
    organisation: organisationOf(db, user),
    lastSignInAt: user.lastSignInAt ?? null,
  });
}

function scopedUserOr404(ctx: AuthContext, db: WorldDb, id: string): UserRecord {
  const user = db.tables.users.get(id);
  if (!user || !userInScope(ctx, user)) throw notFound('User');
  return user;
}

/** Active accounts holding the Super Admin role. */
function activeSuperAdmins(db: WorldDb): number {
  let n = 0;
  for (const u of db.tables.users.values()) if (u.status === 1 && (u.roleId ?? u.role) === 'SA') n += 1;
  return n;
}

function isLastSuperAdmin(db: WorldDb, user: UserRecord): boolean {
  return user.status === 1 && (user.roleId ?? user.role) === 'SA' && activeSuperAdmins(db) <= 1;
}

function temporaryPassword(): string {
  return `Vl-${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

/** The role the caller may give an account, or undefined after recording why not. */
function assignableRole(errors: FieldErrors, ctx: AuthContext, db: WorldDb, roleId: unknown): RoleRecord | undefined {
  const role = typeof roleId === 'string' ? db.tables.roles.get(roleId) : undefined;
  if (!role || !managesRoleCode(ctx, role.code)) {
    errors.add('roleId', 'Choose a role.');
    return undefined;
  }
  if (Object.keys(bitsBeyond(role.permissions, ctx.permissions)).length > 0) {
    errors.add('roleId', 'This role holds permissions you do not have; you cannot give it.');
    return undefined;
  }
  return role;
}

function emailTaken(db: WorldDb, email: string, exceptId: string | null): boolean {
  for (const u of db.tables.users.values()) if (u.id !== exceptId && u.email.toLowerCase() === email) return true;
  return false;
}

type Contact = { name?: string; email?: string; phone?: string | null };

function readContact(errors: FieldErrors, body: Record<string, unknown>, partial: boolean): Contact {
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

/** The scope ids of a new account: forced to the caller's own for non-platform callers, chosen (and checked) otherwise. */
function scopeIdsFor(
  errors: FieldErrors,
  ctx: AuthContext,
  db: WorldDb,
  role: RoleRecord,
  body: Record<string, unknown>,
): Partial<UserRecord> {
  const type = roleTypeOf(role.code);
  const mine = ctx.user;
  const pick = (field: 'oemId' | 'dealerId' | 'fleetId') =>
    typeof body[field] === 'string' && body[field] !== '' ? (body[field] as string) : undefined;
  if (ctx.roleType === 'dealer') return { oemId: mine.oemId, dealerId: mine.dealerId };
  if (ctx.roleType === 'fleet') return { oemId: mine.oemId, fleetId: mine.fleetId };
  const sameOem = (oemId: string | undefined) => ctx.roleType !== 'oem' || oemId === mine.oemId;
  if (type === 'dealer') {
    const dealer = db.tables.dealers.get(pick('dealerId') ?? '');
    if (!dealer || !sameOem(dealer.oemId)) errors.add('dealerId', 'Choose the service centre of the account.');
    else return { oemId: dealer.oemId, dealerId: dealer.id };
    return {};
  }
  if (type === 'fleet' || type === 'driver') {
    const fleet = db.tables.fleets.get(pick('fleetId') ?? '');
    if (!fleet || !sameOem(fleet.oemId)) errors.add('fleetId', 'Choose the fleet of the account.');
    else return { oemId: fleet.oemId, fleetId: fleet.id };
    return {};
  }
  if (ctx.roleType === 'oem') return { oemId: mine.oemId };
  if (type === 'oem') {
    const oem = db.tables.oems.get(pick('oemId') ?? '');
    if (!oem) errors.add('oemId', 'Choose the OEM of the account.');
    else return { oemId: oem.id };
  }
  return {};
}

/** User management: accounts in the caller's scope (permission `su`, audit entity User). */
export function createUserHandlers(http: ApiHttp) {
  return [
    http.get('/users', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su');
      const query = parseListQuery(new URL(request.url), USER_LIST);
      const rows = db.tables.users.all().filter((u) => userInScope(ctx, u));
      const page = applyListQuery(rows, query, USER_LIST);
      return response(200).json({ ...page, items: page.items.map((u) => toUserAccount(db, u)) });
    }),

    http.post('/users', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su', ACTION.ADD);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const contact = readContact(errors, body, false);
      const role = assignableRole(errors, ctx, db, body.roleId);
      const scope = role ? scopeIdsFor(errors, ctx, db, role, body) : {};
      errors.throwIfAny();
      if (contact.email && emailTaken(db, contact.email, null))
        throw conflict('An account with this e-mail exists.', { email: 'This e-mail address is already in use.' });
      const password = temporaryPassword();
      const user: UserRecord = {
        id: `usr-${crypto.randomUUID()}`,
        name: contact.name as string,
        email: contact.email as string,
        phone: contact.phone ?? null,
        role: (role as RoleRecord).code,
        roleId: (role as RoleRecord).id,
        ...scope,
        status: 1,
        createdAt: Date.now(),
        lastSignInAt: null,
        password,
      };
      db.tables.users.insert(user);
      await recordAudit(db, ctx, 'User', user.id, 'Add', `Added user ${user.name} (${(role as RoleRecord).name})`);
      await db.persist();
      return response(201).json({ ...toUserAccount(db, user), temporaryPassword: password });
    }),

    http.get('/users/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su');
      return response(200).json(toUserAccount(db, scopedUserOr404(ctx, db, params.id)));
    }),

    http.patch('/users/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su', ACTION.UPDATE);
      const current = scopedUserOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const contact = readContact(errors, body, true);
      const currentRoleId = current.roleId ?? current.role;
      const roleChanges = body.roleId !== undefined && body.roleId !== currentRoleId;
      if (roleChanges) requirePermission(ctx, 'su', ACTION.ASSIGN);
      const role = roleChanges ? assignableRole(errors, ctx, db, body.roleId) : undefined;
      if (role && roleTypeOf(role.code) !== roleTypeOf(current.role))
        errors.add('roleId', 'Choose a role of the same kind of organisation as the account.');
      errors.throwIfAny();
      if (contact.email && emailTaken(db, contact.email, current.id))
        throw conflict('An account with this e-mail exists.', { email: 'This e-mail address is already in use.' });
      if (role && isLastSuperAdmin(db, current))
        throw conflict('This is the last active Super Admin; give another account the Super Admin role first.', {
          roleId: 'The last active Super Admin keeps this role.',
        });
      const changes: Partial<UserRecord> = { ...contact };
      if (role) Object.assign(changes, { role: role.code, roleId: role.id });
      const updated = db.tables.users.update(current.id, changes) as UserRecord;
      if (role) await recordAudit(db, ctx, 'User', current.id, 'Assign', `Gave ${updated.name} the role ${role.name}`);
      else await recordAudit(db, ctx, 'User', current.id, 'Update', `Updated user ${updated.name}`);
      await db.persist();
      return response(200).json(toUserAccount(db, updated));
    }),

    http.post('/users/{id}/status', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su', ACTION.CHANGE_STATUS);
      const current = scopedUserOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      if (body.status !== 0 && body.status !== 1) errors.add('status', 'Send 1 (active) or 0 (inactive).');
      errors.throwIfAny();
      const status = body.status as 0 | 1;
      if (status === 0 && current.id === ctx.user.id) throw conflict('You cannot deactivate your own account.');
      if (status === 0 && isLastSuperAdmin(db, current))
        throw conflict('This is the last active Super Admin; it cannot be deactivated.');
      const updated = db.tables.users.update(current.id, { status }) as UserRecord;
      if (status === 0) {
        for (const s of db.tables.sessions.all()) if (s.userId === current.id) db.tables.sessions.remove(s.id);
      }
      await recordAudit(
        db,
        ctx,
        'User',
        current.id,
        'Change Status',
        `${status === 1 ? 'Activated' : 'Deactivated'} user ${updated.name}`,
      );
      await db.persist();
      return response(200).json(toUserAccount(db, updated));
    }),

    http.post('/users/{id}/reset-password', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su', ACTION.RESET);
      const current = scopedUserOr404(ctx, db, params.id);
      const password = temporaryPassword();
      db.tables.users.update(current.id, { password });
      for (const s of db.tables.sessions.all()) if (s.userId === current.id) db.tables.sessions.remove(s.id);
      await recordAudit(db, ctx, 'User', current.id, 'Update', `Reset the password of ${current.name}`);
      await db.persist();
      return response(200).json({ temporaryPassword: password });
    }),
  ];
}

/** The accounts holding a role (for its user count). */
export function holdersOf(db: WorldDb, roleId: string): number {
  let n = 0;
  for (const u of db.tables.users.values()) if ((u.roleId ?? u.role) === roleId) n += 1;
  return n;
}
