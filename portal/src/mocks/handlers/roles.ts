import { ACTION, ALL_ACTIONS, isPermissionKey, type PermissionMap, PERMISSION_LABELS } from '@/domain/permissions';
import { applicableActions, bitsBeyond, grantsAnything } from '@/domain/role-editor';
import { isRoleCode } from '@/domain/roles';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { RoleRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { managesRoleCode } from './lib/access-scope';
import { recordAudit } from './lib/audit-log';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { FieldErrors, readJsonObject } from './lib/body';
import { conflict, notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { toApi } from './lib/serialize';
import { holdersOf } from './users';

type ApiRole = components['schemas']['Role'];

/** The Super Admin role always holds every permission: nobody can lock the platform out of itself. */
const LOCKED_ROLE = 'SA';

export const ROLE_LIST: ListSpec<RoleRecord> = {
  sortable: { name: (r) => r.name.toLowerCase(), code: (r) => r.code, updatedAt: (r) => r.updatedAt },
  filterable: { code: (r) => r.code, builtIn: (r) => r.builtIn },
  searchable: [(r) => r.name, (r) => r.code],
  defaultSort: [{ field: 'name', direction: 'asc' }],
};

function toApiRole(db: WorldDb, role: RoleRecord): ApiRole {
  return toApi<ApiRole>({ ...role, locked: role.id === LOCKED_ROLE, userCount: holdersOf(db, role.id) });
}

function scopedRoleOr404(ctx: AuthContext, db: WorldDb, id: string): RoleRecord {
  const role = db.tables.roles.get(id);
  if (!role || !managesRoleCode(ctx, role.code)) throw notFound('Role');
  return role;
}

/**
 * Checks a permission map: known keys, whole non-negative flags, only bits that apply to each key (decision 0067: a bit
 * the role already held from the default matrix may stay, but none can be added).
 */
function readPermissions(errors: FieldErrors, value: unknown, current: PermissionMap = {}): PermissionMap | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.add('permissions', 'Send the permissions as key -> action flags.');
    return undefined;
  }
  const out: PermissionMap = {};
  let bad = 0;
  for (const [key, flags] of Object.entries(value as Record<string, unknown>)) {
    if (!isPermissionKey(key)) {
      errors.add(`permissions.${key}`, 'Unknown permission key.');
      bad += 1;
      continue;
    }
    if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0 || flags > ALL_ACTIONS) {
      errors.add(`permissions.${key}`, 'Send the action flags as a whole number.');
      bad += 1;
      continue;
    }
    if ((flags & ~applicableActions(key) & ~(current[key] ?? 0)) !== 0) {
      errors.add(`permissions.${key}`, `Some actions do not apply to ${PERMISSION_LABELS[key]}.`);
      bad += 1;
      continue;
    }
    if (flags !== 0) out[key] = flags;
  }
  if (bad > 0) return undefined;
  if (!grantsAnything(out)) {
    errors.add('permissions', 'Give the role at least one permission.');
    return undefined;
  }
  return out;
}

/** Refuses bits the caller would grant without holding them (bits the role had already stay allowed). */
function checkWithinEditor(ctx: AuthContext, wanted: PermissionMap, current: PermissionMap): void {
  const beyond = bitsBeyond(wanted, mergeMaps(ctx.permissions, current));
  const keys = Object.keys(beyond);
  if (keys.length > 0) {
    const errors = new FieldErrors();
    errors.add(
      'permissions',
      `You cannot grant what you do not hold: ${keys
        .slice(0, 5)
        .map((k) => PERMISSION_LABELS[k as keyof typeof PERMISSION_LABELS])
        .join(', ')}${keys.length > 5 ? ', ...' : ''}.`,
    );
    errors.throwIfAny();
  }
}

function mergeMaps(a: PermissionMap, b: PermissionMap): PermissionMap {
  const out: PermissionMap = { ...a };
  for (const [key, flags] of Object.entries(b)) {
    out[key as keyof PermissionMap] = (out[key as keyof PermissionMap] ?? 0) | (flags ?? 0);
  }
  return out;
}

function readName(errors: FieldErrors, db: WorldDb, value: unknown, exceptId: string | null): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) errors.add('name', 'Enter a role name.');
  else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
  else if (db.tables.roles.all().some((r) => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase()))
    errors.add('name', 'A role with this name exists.');
  else return name;
  return undefined;
}

/** Roles and their permissions (`su.RP`; audit entity Access). The demo server reads them on every request. */
export function createRoleHandlers(http: ApiHttp) {
  return [
    http.get('/roles', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['su.RP', 'su'] });
      const query = parseListQuery(new URL(request.url), ROLE_LIST);
      const rows = db.tables.roles.all().filter((r) => managesRoleCode(ctx, r.code));
      const page = applyListQuery(rows, query, ROLE_LIST);
      return response(200).json({ ...page, items: page.items.map((r) => toApiRole(db, r)) });
    }),

    http.post('/roles', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.RP', ACTION.ADD);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const name = readName(errors, db, body.name, null);
      const code = isRoleCode(body.code) && managesRoleCode(ctx, body.code) ? body.code : undefined;
      if (!code) errors.add('code', 'Choose the built-in role this role is based on.');
      const permissions = readPermissions(errors, body.permissions);
      errors.throwIfAny();
      checkWithinEditor(ctx, permissions as PermissionMap, {});
      const now = Date.now();
      const role: RoleRecord = {
        id: `role-${crypto.randomUUID()}`,
        code: code as RoleRecord['code'],
        name: name as string,
        builtIn: false,
        permissions: permissions as PermissionMap,
        createdAt: now,
        updatedAt: now,
      };
      db.tables.roles.insert(role);
      await recordAudit(db, ctx, 'Access', role.id, 'Add', `Added role ${role.name}`);
      await db.persist();
      return response(201).json(toApiRole(db, role));
    }),

    http.get('/roles/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, { anyOf: ['su.RP', 'su'] });
      return response(200).json(toApiRole(db, scopedRoleOr404(ctx, db, params.id)));
    }),

    http.patch('/roles/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.RP', ACTION.UPDATE);
      const current = scopedRoleOr404(ctx, db, params.id);
      if (current.id === LOCKED_ROLE) throw conflict('The Super Admin role always holds every permission.');
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<RoleRecord> = {};
      if (body.name !== undefined) {
        const name = readName(errors, db, body.name, current.id);
        if (name) changes.name = name;
      }
      if (body.permissions !== undefined) {
        const permissions = readPermissions(errors, body.permissions, current.permissions);
        if (permissions) changes.permissions = permissions;
      }
      errors.throwIfAny();
      if (changes.permissions) checkWithinEditor(ctx, changes.permissions, current.permissions);
      const updated = db.tables.roles.update(current.id, { ...changes, updatedAt: Date.now() }) as RoleRecord;
      await recordAudit(db, ctx, 'Access', current.id, 'Update', `Updated role ${updated.name}`);
      await db.persist();
      return response(200).json(toApiRole(db, updated));
    }),

    http.delete('/roles/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'su.RP', ACTION.DELETE);
      const role = scopedRoleOr404(ctx, db, params.id);
      if (role.builtIn) throw conflict('Built-in roles cannot be deleted.');
      const holders = holdersOf(db, role.id);
      if (holders > 0) throw conflict(`${holders} account(s) hold this role; give them another role first.`);
      db.tables.roles.remove(role.id);
      await recordAudit(db, ctx, 'Access', role.id, 'Delete', `Deleted role ${role.name}`);
      await db.persist();
      return response(204).empty();
    }),
  ];
}
