import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DashboardStore } from '../../services/dashboards/dashboard-store';
import type { DashboardPanel, StoredDashboard } from '../../services/dashboards/dashboard-types';
import type { Db } from '../database';
import type { DashboardTable } from '../schema';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toDashboard(row: Selectable<DashboardTable>): StoredDashboard {
  return {
    id: row.id,
    userId: row.user_id,
    role: row.role,
    name: row.name,
    panels: row.panels as DashboardPanel[],
    position: row.position,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The columns of a dashboard (or of the fields a change sets). */
export function dashboardColumns(d: Partial<StoredDashboard>): Updateable<DashboardTable> {
  const out: Updateable<DashboardTable> = {};
  const set = <K extends keyof Updateable<DashboardTable>>(
    key: K,
    value: Updateable<DashboardTable>[K] | undefined,
  ) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', d.id);
  set('user_id', d.userId);
  set('role', d.role);
  set('name', d.name);
  set('panels', d.panels === undefined ? undefined : JSON.stringify(d.panels));
  set('position', d.position);
  set('created_at', d.createdAt);
  set('updated_at', d.updatedAt);
  return out;
}

/** Saved dashboards in PostgreSQL (or PGlite). */
export function createDashboardRepository(db: Db): DashboardStore {
  return {
    async listOwn(userId, role) {
      const rows = await db
        .selectFrom('dashboards')
        .selectAll()
        .where('user_id', '=', userId)
        .where('role', '=', role)
        .orderBy('position', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(toDashboard);
    },
    async get(id) {
      const row = await db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toDashboard(row) : undefined;
    },
    async insert(d) {
      await db
        .insertInto('dashboards')
        .values(dashboardColumns(d) as Insertable<DashboardTable>)
        .execute();
    },
    async update(id, changes) {
      await db.updateTable('dashboards').set(dashboardColumns(changes)).where('id', '=', id).execute();
    },
    async delete(id) {
      await db.deleteFrom('dashboards').where('id', '=', id).execute();
    },
  };
}
