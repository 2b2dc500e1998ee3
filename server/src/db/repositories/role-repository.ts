import type { PermissionMap } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import { roleNameTaken } from '../../services/roles/role-fields';
import type { RoleFilterField, RoleSortField } from '../../services/roles/role-list-spec';
import type { RoleStore } from '../../services/roles/role-store';
import type { StoredRole } from '../../services/roles/role-types';
import type { Db } from '../database';
import type { Database, RoleTable } from '../schema';
import { writeUnique } from './unique-violation';

const COLUMN = {
  name: 'name',
  code: 'code',
  updatedAt: 'updated_at',
  builtIn: 'built_in',
} as const satisfies Record<RoleSortField | RoleFilterField, keyof RoleTable>;

type Eb = ExpressionBuilder<Database, 'roles'>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The accounts holding a role: their custom role, else the built-in one of their code (index users_role_of). */
const holders = (eb: Eb) =>
  eb
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<string>`coalesce(users.role_id, users.role)`, '=', eb.ref('roles.id'));

function toRole(row: Selectable<RoleTable> & { user_count: number }): StoredRole {
  return {
    id: row.id,
    code: row.code as RoleCode,
    name: row.name,
    builtIn: row.built_in,
    permissions: (row.permissions ?? null) as PermissionMap | null,
    userCount: row.user_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function conditions(
  eb: Eb,
  query: Pick<ListQuery<RoleSortField, RoleFilterField>, 'filters' | 'q'>,
  codes: readonly RoleCode[],
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [codes.length > 0 ? eb('roles.code', 'in', [...codes]) : eb.lit(false)];
  for (const filter of query.filters) all.push(eb(`roles.${COLUMN[filter.field]}`, 'in', filter.values as never[]));
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('roles.name', 'ilike', pattern), eb('roles.code', 'ilike', pattern)]));
  }
  return eb.and(all);
}

/** Roles in PostgreSQL (or PGlite): the list filters, sorts and pages in SQL. */
export function createRoleRepository(db: Db): RoleStore {
  const withCount = () =>
    db
      .selectFrom('roles')
      .selectAll('roles')
      .select((eb) => holders(eb).as('user_count'));
  return {
    async list(query, codes) {
      const where = (eb: Eb) => conditions(eb, query, codes);
      let page = withCount().where(where);
      for (const key of query.sort) {
        page =
          key.field === 'name'
            ? page.orderBy(sql`lower(roles.name)`, key.direction)
            : page.orderBy(`roles.${COLUMN[key.field]}`, key.direction);
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('roles.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('roles').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((r) => toRole(r as never)), total: count.total };
    },

    async get(id) {
      const row = await withCount().where('roles.id', '=', id).executeTakeFirst();
      return row ? toRole(row as never) : undefined;
    },

    async nameTaken(name, exceptId) {
      let query = db.selectFrom('roles').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(role) {
      await writeUnique(
        () =>
          db
            .insertInto('roles')
            .values({
              id: role.id,
              code: role.code,
              name: role.name,
              built_in: role.builtIn,
              permissions: json(role.permissions),
              created_at: role.createdAt,
              updated_at: role.updatedAt,
            })
            .execute(),
        roleNameTaken,
      );
    },

    async update(id, changes) {
      await writeUnique(
        () =>
          db
            .updateTable('roles')
            .set({
              ...(changes.name !== undefined ? { name: changes.name } : {}),
              ...(changes.permissions !== undefined ? { permissions: json(changes.permissions) } : {}),
              ...(changes.updatedAt !== undefined ? { updated_at: changes.updatedAt } : {}),
            })
            .where('id', '=', id)
            .execute(),
        roleNameTaken,
      );
    },

    async deleteUnheld(id) {
      const result = await db
        .deleteFrom('roles')
        .where('id', '=', id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('users')
                .select('users.id')
                .where(sql<string>`coalesce(users.role_id, users.role)`, '=', id),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
