import {
  DASHBOARD_PANELS,
  defaultLayoutFor,
  isDashboardPanelId,
  type PanelPlacement,
  placementProblem,
} from '@/domain/dashboard-panels';
import { ACTION, can } from '@/domain/permissions';
import { ROLE_TYPE_LABELS } from '@/domain/roles';
import type { components } from '@/domain/api-schema';
import type { WorldDb } from '../world/db';
import type { DashboardRecord } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject } from './lib/body';
import { notFound } from './lib/http-error';

type Schemas = components['schemas'];
type ApiDashboard = Schemas['Dashboard'];

/** Most dashboards one user keeps, most panels on one dashboard. */
export const MAX_DASHBOARDS = 20;
export const MAX_PANELS = 24;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function ownerOf(ctx: AuthContext) {
  return (d: DashboardRecord) => d.userId === ctx.user.id && d.role === ctx.user.role;
}

function asApi(ctx: AuthContext, d: DashboardRecord): ApiDashboard {
  // Panels the caller may no longer see (their role changed) are left out.
  const panels = d.panels.filter((p) => can(ctx.permissions, DASHBOARD_PANELS[p.panel].permission));
  return { id: d.id, name: d.name, panels, builtIn: false, createdAt: iso(d.createdAt), updatedAt: iso(d.updatedAt) };
}

function defaultDashboard(ctx: AuthContext): ApiDashboard {
  return {
    id: `default-${ctx.roleType}`,
    name: `${ROLE_TYPE_LABELS[ctx.roleType]} dashboard`,
    panels: defaultLayoutFor(ctx.roleType, ctx.permissions),
    builtIn: true,
    createdAt: null,
    updatedAt: null,
  };
}

function listFor(ctx: AuthContext, db: WorldDb): ApiDashboard[] {
  const own = db.tables.dashboards
    .all()
    .filter(ownerOf(ctx))
    .sort((a, b) => a.position - b.position);
  return own.length === 0 ? [defaultDashboard(ctx)] : own.map((d) => asApi(ctx, d));
}

function readPanels(ctx: AuthContext, errors: FieldErrors, value: unknown): PanelPlacement[] | undefined {
  if (!Array.isArray(value)) {
    errors.add('panels', 'Send a list of panels.');
    return undefined;
  }
  if (value.length > MAX_PANELS) {
    errors.add('panels', `A dashboard holds at most ${MAX_PANELS} panels.`);
    return undefined;
  }
  const out: PanelPlacement[] = [];
  const ids = new Set<string>();
  for (const raw of value as Record<string, unknown>[]) {
    const panel = raw?.panel;
    if (!isDashboardPanelId(panel)) {
      errors.add('panels', `Unknown panel ${String(panel)}.`);
      return undefined;
    }
    if (!can(ctx.permissions, DASHBOARD_PANELS[panel].permission)) {
      errors.add('panels', `Your role may not see ${DASHBOARD_PANELS[panel].title}.`);
      return undefined;
    }
    const id = typeof raw.id === 'string' && raw.id.trim() !== '' ? raw.id.trim().slice(0, 60) : '';
    if (id === '' || ids.has(id)) {
      errors.add('panels', 'Every panel needs an id of its own.');
      return undefined;
    }
    ids.add(id);
    const placement = { id, panel, x: raw.x, y: raw.y, w: raw.w, h: raw.h } as PanelPlacement;
    const problem = placementProblem(placement);
    if (problem) {
      errors.add('panels', problem);
      return undefined;
    }
    out.push(placement);
  }
  return out;
}

function readName(errors: FieldErrors, value: unknown): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') errors.add('name', 'Enter a name.');
  else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
  else return name;
  return undefined;
}

function dashboardOr404(ctx: AuthContext, db: WorldDb, id: string): DashboardRecord {
  const d = db.tables.dashboards.get(id);
  if (!d || !ownerOf(ctx)(d)) throw notFound('Dashboard');
  return d;
}

/** Dashboards: the caller's dashboardConfig list, stored per user and role (decisions 0076-0077). */
export function createDashboardHandlers(http: ApiHttp) {
  return [
    http.get('/dashboards', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'db');
      return response(200).json(listFor(ctx, db));
    }),

    http.post('/dashboards', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'dc', ACTION.ADD);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const name = readName(errors, body.name);
      const panels = readPanels(ctx, errors, body.panels);
      const own = db.tables.dashboards.all().filter(ownerOf(ctx));
      if (own.length >= MAX_DASHBOARDS) errors.add('name', `You can keep at most ${MAX_DASHBOARDS} dashboards.`);
      errors.throwIfAny();
      const now = Date.now();
      const record: DashboardRecord = {
        id: `dash-${crypto.randomUUID()}`,
        userId: ctx.user.id,
        role: ctx.user.role,
        name: name as string,
        panels: panels as PanelPlacement[],
        position: own.reduce((m, d) => Math.max(m, d.position), -1) + 1,
        createdAt: now,
        updatedAt: now,
      };
      db.tables.dashboards.insert(record);
      await recordAudit(db, ctx, 'Dashboard', record.id, 'Add', `Added dashboard ${record.name}`);
      await db.persist();
      return response(201).json(asApi(ctx, record));
    }),

    http.post('/dashboards/reset', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'dc', ACTION.RESET);
      for (const d of db.tables.dashboards.all().filter(ownerOf(ctx))) {
        db.tables.dashboards.remove(d.id);
        await recordAudit(db, ctx, 'Dashboard', d.id, 'Delete', `Reset dashboards: deleted ${d.name}`);
      }
      await db.persist();
      return response(200).json(listFor(ctx, db));
    }),

    http.patch('/dashboards/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'dc', ACTION.UPDATE);
      const current = dashboardOr404(ctx, db, params.id);
      const body = await readJsonObject(request);
      const errors = new FieldErrors();
      const changes: Partial<DashboardRecord> = {};
      if (body.name !== undefined) {
        const name = readName(errors, body.name);
        if (name) changes.name = name;
      }
      if (body.panels !== undefined) {
        const panels = readPanels(ctx, errors, body.panels);
        if (panels) {
          // Panels hidden from the caller (a narrowed role) stay where they were: not theirs to drop.
          const hidden = current.panels.filter((p) => !can(ctx.permissions, DASHBOARD_PANELS[p.panel].permission));
          changes.panels = [...hidden, ...panels];
        }
      }
      errors.throwIfAny();
      const updated = db.tables.dashboards.update(current.id, { ...changes, updatedAt: Date.now() }) as DashboardRecord;
      await recordAudit(db, ctx, 'Dashboard', current.id, 'Update', `Updated dashboard ${updated.name}`);
      await db.persist();
      return response(200).json(asApi(ctx, updated));
    }),

    http.delete('/dashboards/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'dc', ACTION.DELETE);
      const d = dashboardOr404(ctx, db, params.id);
      db.tables.dashboards.remove(d.id);
      await recordAudit(db, ctx, 'Dashboard', d.id, 'Delete', `Deleted dashboard ${d.name}`);
      await db.persist();
      return response(204).empty();
    }),
  ];
}
