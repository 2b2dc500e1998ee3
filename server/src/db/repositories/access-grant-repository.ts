import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { AccessGrantStore, GrantChoice } from '../../services/access-grants/grant-store';
import type { AccessGrantRecord, NamedGrantRecord } from '../../services/access-grants/grant-types';
import type { Db } from '../database';
import type { AccessGrantTable, Database } from '../schema';
import { createDeviceGroupRepository } from './device-group-repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toGrant(row: Selectable<AccessGrantTable>): AccessGrantRecord {
  return {
    id: row.id,
    kind: row.kind as AccessGrantRecord['kind'],
    target: row.target as AccessGrantRecord['target'],
    targetId: row.target_id,
    roleCode: row.role_code as AccessGrantRecord['roleCode'],
    granteeType: row.grantee_type as AccessGrantRecord['granteeType'],
    granteeId: row.grantee_id,
    oemId: row.oem_id,
    note: row.note,
    expiresAt: isoOrNull(row.expires_at),
    revokedAt: isoOrNull(row.revoked_at),
    revokedBy: row.revoked_by,
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
  };
}

function grantColumns(g: AccessGrantRecord): Insertable<AccessGrantTable> {
  return {
    id: g.id,
    kind: g.kind,
    target: g.target,
    target_id: g.targetId,
    role_code: g.roleCode,
    grantee_type: g.granteeType,
    grantee_id: g.granteeId,
    oem_id: g.oemId,
    note: g.note,
    expires_at: g.expiresAt,
    revoked_at: g.revokedAt,
    revoked_by: g.revokedBy,
    created_at: g.createdAt,
    created_by: g.createdBy,
  };
}

type Eb = ExpressionBuilder<Database, 'access_grants'>;

/** A grant with the parts of its names: its target's row and its grantee's (left joins: a gone row names nothing). */
function named(db: Db) {
  const on = (target: string) => (eb: Eb) => eb.and([eb('access_grants.target', '=', target)]);
  return db
    .selectFrom('access_grants')
    .leftJoin('vehicles', (j) => j.onRef('vehicles.id', '=', 'access_grants.target_id').on(on('vehicle')))
    .leftJoin('models', (j) => j.onRef('models.id', '=', 'access_grants.target_id').on(on('model')))
    .leftJoin('oems as target_oem', (j) => j.onRef('target_oem.id', '=', 'access_grants.target_id').on(on('oem')))
    .leftJoin('oems as grantee_oem', (j) =>
      j
        .onRef('grantee_oem.id', '=', 'access_grants.grantee_id')
        .on((eb) => eb('access_grants.grantee_type', '=', 'oem')),
    )
    .leftJoin('group_owners', (j) =>
      j
        .onRef('group_owners.id', '=', 'access_grants.grantee_id')
        .onRef('group_owners.kind', '=', 'access_grants.grantee_type'),
    )
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'access_grants.grantee_id').on((eb) => eb('access_grants.grantee_type', '=', 'user')),
    )
    .selectAll('access_grants')
    .select([
      'vehicles.registration_number',
      'vehicles.vin',
      'models.name as model_name',
      'models.kind as model_kind',
      'target_oem.name as target_oem_name',
      'grantee_oem.name as grantee_oem_name',
      'group_owners.name as owner_name',
      'users.name as user_name',
      'users.email as user_email',
    ]);
}

type NamedRow = Awaited<ReturnType<ReturnType<typeof named>['execute']>>[number];

function toNamed(row: NamedRow): NamedGrantRecord {
  const targetParts =
    row.registration_number !== null && row.vin !== null
      ? { name: row.registration_number, detail: row.vin }
      : row.model_name !== null
        ? { name: row.model_name, detail: row.model_kind }
        : row.target_oem_name !== null
          ? { name: row.target_oem_name, detail: null }
          : null;
  const granteeParts =
    row.user_name !== null
      ? { name: row.user_name, email: row.user_email }
      : (row.grantee_oem_name ?? row.owner_name) !== null
        ? { name: (row.grantee_oem_name ?? row.owner_name) as string, email: null }
        : null;
  return { ...toGrant(row), targetParts, granteeParts };
}

/** Access grants in PostgreSQL (or PGlite), with what they name. */
export function createAccessGrantRepository(db: Db): AccessGrantStore {
  const groups = createDeviceGroupRepository(db);
  const choices = (rows: { value: string; label: string }[]): GrantChoice[] =>
    rows.map((r) => ({ value: r.value, label: r.label }));
  return {
    async list(oemId) {
      let query = named(db);
      if (oemId !== null) query = query.where('access_grants.oem_id', '=', oemId);
      return (await query.orderBy('access_grants.created_at', 'desc').execute()).map(toNamed);
    },

    async get(id) {
      const row = await named(db).where('access_grants.id', '=', id).executeTakeFirst();
      return row ? toNamed(row) : undefined;
    },

    async sameTargetAndGrantee(g) {
      const rows = await db
        .selectFrom('access_grants')
        .selectAll()
        .where('target', '=', g.target)
        .where((eb) => (g.targetId === null ? eb('target_id', 'is', null) : eb('target_id', '=', g.targetId)))
        .where('kind', '=', g.kind)
        .where('grantee_type', '=', g.granteeType)
        .where('grantee_id', '=', g.granteeId)
        .execute();
      return rows.map(toGrant);
    },

    async vehicle(id) {
      const row = await db.selectFrom('vehicles').select(['id', 'oem_id']).where('id', '=', id).executeTakeFirst();
      return row ? { id: row.id, oemId: row.oem_id } : undefined;
    },

    async model(id) {
      const row = await db
        .selectFrom('models')
        .select(['id', 'oem_id', 'kind'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, oemId: row.oem_id, kind: row.kind } : undefined;
    },

    async oem(id) {
      return db.selectFrom('oems').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    owner: (kind, id) => groups.owner(kind, id),

    async account(id) {
      const row = await db
        .selectFrom('users')
        .select(['id', 'name', 'status', 'role', 'role_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, name: row.name, status: row.status, role: row.role_id ?? row.role } : undefined;
    },

    async insert(grant) {
      await db.insertInto('access_grants').values(grantColumns(grant)).execute();
    },

    async revoke(id, at, by) {
      await db.updateTable('access_grants').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).execute();
    },

    async vehicleChoices(oemId, q, limit) {
      let query = db
        .selectFrom('vehicles')
        .select(['id as value', sql<string>`registration_number || ' (' || vin || ')'`.as('label')]);
      if (oemId !== null) query = query.where('oem_id', '=', oemId);
      if (q)
        query = query.where((eb) => eb.or([eb('registration_number', 'ilike', like(q)), eb('vin', 'ilike', like(q))]));
      return choices(await query.orderBy('registration_number').limit(limit).execute());
    },

    async modelChoices(oemId, kind, q, limit) {
      let query = db.selectFrom('models').select(['id as value', sql<string>`name || ' (' || kind || ')'`.as('label')]);
      if (oemId !== null) query = query.where('oem_id', '=', oemId);
      if (kind !== null) query = query.where('kind', '=', kind as 'EV');
      if (q) query = query.where((eb) => eb.or([eb('name', 'ilike', like(q)), eb('code', 'ilike', like(q))]));
      return choices(await query.orderBy('name').limit(limit).execute());
    },

    async oemChoices(oemId, q, limit) {
      let query = db.selectFrom('oems').select(['id as value', 'name as label']);
      if (oemId !== null) query = query.where('id', '=', oemId);
      if (q) query = query.where('name', 'ilike', like(q));
      return choices(await query.orderBy('name').limit(limit).execute());
    },

    async ownerChoices(kind, scope, oemId, q, limit) {
      if (scope !== null && (scope.value === null || !scope.kinds.includes(kind))) return [];
      const column = { oemId: 'oem_id', dealerId: 'dealer_id', fleetId: 'fleet_id' } as const;
      let query = db.selectFrom('group_owners').select(['id as value', 'name as label']).where('kind', '=', kind);
      if (scope !== null) query = query.where(column[scope.field], '=', scope.value);
      if (oemId !== null) query = query.where('oem_id', '=', oemId);
      if (q) query = query.where('name', 'ilike', like(q));
      return choices(await query.orderBy('name').limit(limit).execute());
    },

    async accountChoices(role, q, limit) {
      let query = db
        .selectFrom('users')
        .select(['id as value', sql<string>`name || ' <' || email || '>'`.as('label')])
        .where('status', '=', 1)
        .where((eb) => eb.fn.coalesce('role_id', 'role'), '=', role);
      if (q) query = query.where((eb) => eb.or([eb('name', 'ilike', like(q)), eb('email', 'ilike', like(q))]));
      return choices(await query.orderBy('name').limit(limit).execute());
    },
  };
}
