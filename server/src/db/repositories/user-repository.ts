import type { RoleCode } from '@/domain/roles';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import { emailConflict } from '../../services/users/user-fields';
import type { UserFilterField, UserSortField } from '../../services/users/user-list-spec';
import type { UserScope } from '../../services/users/user-scope';
import type { UserStore } from '../../services/users/user-store';
import type { AccountChanges, UserAccount } from '../../services/users/user-types';
import type { Db } from '../database';
import type { Database } from '../schema';
import { writeUnique } from './unique-violation';

type Eb = ExpressionBuilder<Database, 'users'>;

const ROLE_ID = sql<string>`coalesce(users.role_id, users.role)`;

const COLUMN = {
  name: sql`lower(users.name)`,
  email: sql`users.email`,
  role: sql`users.role`,
  status: sql`users.status`,
  lastSignInAt: sql`users.last_sign_in_at`,
  createdAt: sql`users.created_at`,
} as const satisfies Record<UserSortField, unknown>;

const SCOPE_COLUMN = { oemId: 'users.oem_id', dealerId: 'users.dealer_id', fleetId: 'users.fleet_id' } as const;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function conditions(
  eb: Eb,
  query: Pick<ListQuery<UserSortField, UserFilterField>, 'filters' | 'q'>,
  scope: UserScope,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (!scope.all) {
    const self = eb('users.id', '=', scope.selfId);
    const { match } = scope;
    all.push(
      match && scope.roleCodes.length > 0
        ? eb.or([
            self,
            eb.and([eb('users.role', 'in', scope.roleCodes), eb(SCOPE_COLUMN[match.field], '=', match.value)]),
          ])
        : self,
    );
  }
  for (const filter of query.filters) {
    const values = filter.values as never[];
    if (filter.field === 'role') all.push(eb('users.role', 'in', values));
    else if (filter.field === 'status') all.push(eb('users.status', 'in', values));
    else all.push(eb(ROLE_ID, 'in', values));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(
      eb.or([
        eb('users.name', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
        eb('users.phone', 'ilike', pattern),
      ]),
    );
  }
  return eb.and(all);
}

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  role_id: string;
  role_name: string;
  organisation: string | null;
  oem_id: string | null;
  dealer_id: string | null;
  fleet_id: string | null;
  ev_owner_id: string | null;
  driver_id: string | null;
  status: number;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
}

function toAccount(row: Row): UserAccount {
  const out: UserAccount = {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role as RoleCode,
    roleId: row.role_id,
    roleName: row.role_name,
    organisation: row.organisation,
    status: row.status as UserAccount['status'],
    lastSignInAt: row.last_sign_in_at === null ? null : iso(row.last_sign_in_at),
    createdAt: iso(row.created_at),
  };
  if (row.oem_id) out.oemId = row.oem_id;
  if (row.dealer_id) out.dealerId = row.dealer_id;
  if (row.fleet_id) out.fleetId = row.fleet_id;
  if (row.ev_owner_id) out.evOwnerId = row.ev_owner_id;
  if (row.driver_id) out.driverId = row.driver_id;
  return out;
}

/** Accounts in PostgreSQL (or PGlite) as user management shows them; the list filters, sorts and pages in SQL. */
export function createUserRepository(db: Db): UserStore {
  // Never selects password_hash.
  const accounts = () =>
    db
      .selectFrom('users')
      .leftJoin('roles', (join) => join.on('roles.id', '=', ROLE_ID))
      .leftJoin('fleets', 'fleets.id', 'users.fleet_id')
      .leftJoin('dealers', 'dealers.id', 'users.dealer_id')
      .leftJoin('ev_owners', 'ev_owners.id', 'users.ev_owner_id')
      .leftJoin('oems', 'oems.id', 'users.oem_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.phone',
        'users.role',
        ROLE_ID.as('role_id'),
        sql<string>`coalesce(roles.name, coalesce(users.role_id, users.role))`.as('role_name'),
        sql<string | null>`CASE
          WHEN users.fleet_id IS NOT NULL THEN fleets.name
          WHEN users.dealer_id IS NOT NULL THEN dealers.name
          WHEN users.ev_owner_id IS NOT NULL THEN ev_owners.name
          WHEN users.oem_id IS NOT NULL THEN oems.name
          ELSE 'Voltline platform' END`.as('organisation'),
        'users.oem_id',
        'users.dealer_id',
        'users.fleet_id',
        'users.ev_owner_id',
        'users.driver_id',
        'users.status',
        'users.last_sign_in_at',
        'users.created_at',
      ]);
  const write = (work: () => Promise<unknown>) => writeUnique(work, emailConflict);
  const columns = (changes: AccountChanges) => ({
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.email !== undefined ? { email: changes.email } : {}),
    ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
    ...(changes.role !== undefined ? { role: changes.role } : {}),
    ...(changes.roleId !== undefined ? { role_id: changes.roleId } : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
  });
  return {
    async list(query, scope) {
      const where = (eb: Eb) => conditions(eb, query, scope);
      let page = accounts().where(where);
      for (const key of query.sort) {
        page = page.orderBy(COLUMN[key.field], (ob) => (key.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast());
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('users.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('users').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as Row[]).map(toAccount), total: count.total };
    },

    async get(id) {
      const row = await accounts().where('users.id', '=', id).executeTakeFirst();
      return row ? toAccount(row as Row) : undefined;
    },

    async emailTaken(email, exceptId) {
      let query = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async oemExists(id) {
      return (await db.selectFrom('oems').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async dealer(id) {
      const row = await db.selectFrom('dealers').select(['id', 'oem_id']).where('id', '=', id).executeTakeFirst();
      return row && { id: row.id, oemId: row.oem_id };
    },

    async fleet(id) {
      const row = await db.selectFrom('fleets').select(['id', 'oem_id']).where('id', '=', id).executeTakeFirst();
      return row && { id: row.id, oemId: row.oem_id };
    },

    async activeSuperAdmins() {
      const row = await db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('status', '=', 1)
        .where(ROLE_ID, '=', 'SA')
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async insert(account) {
      await write(() =>
        db
          .insertInto('users')
          .values({
            id: account.id,
            name: account.name,
            email: account.email,
            phone: account.phone,
            role: account.role,
            role_id: account.roleId,
            status: account.status,
            oem_id: account.oemId,
            dealer_id: account.dealerId,
            fleet_id: account.fleetId,
            password_hash: account.passwordHash,
            created_at: account.createdAt,
          })
          .execute(),
      );
    },

    async update(id, changes) {
      const set = columns(changes);
      if (Object.keys(set).length === 0) return;
      await write(() => db.updateTable('users').set(set).where('id', '=', id).execute());
    },

    async setPasswordHash(id, hash) {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
    },

    async endSessions(id, at) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
