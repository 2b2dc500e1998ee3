import {
  DASHBOARD_PANELS,
  defaultLayoutFor,
  isDashboardPanelId,
  type PanelPlacement,
  placementProblem,
} from '@/domain/dashboard-panels';
import { can } from '@/domain/permissions';
import { ROLE_TYPE_LABELS } from '@/domain/roles';
import { type FieldErrors, notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import type { DashboardStore } from './dashboard-store';
import { type Dashboard, type DashboardPanel, MAX_PANELS, type StoredDashboard } from './dashboard-types';

/** Whether the caller may see the panel (decision 0076: every panel is guarded by its permission). */
export const mayPlace = (caller: Caller, panel: DashboardPanel) =>
  can(caller.permissions, DASHBOARD_PANELS[panel.panel].permission);

/** A dashboard is the caller's when their account saved it in the role they hold now. */
export const isOwnedBy = (caller: Caller, d: StoredDashboard) =>
  d.userId === caller.user.id && d.role === caller.user.role;

/** The dashboard as the API shows it to the caller: panels they may no longer see (their role changed) left out. */
export function asSeenBy(caller: Caller, d: StoredDashboard): Dashboard {
  return {
    id: d.id,
    name: d.name,
    panels: d.panels.filter((p) => mayPlace(caller, p)),
    builtIn: false,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** The role type's default dashboard (not stored): what a caller without saved dashboards sees, and what reset restores. */
export function defaultDashboard(caller: Caller): Dashboard {
  return {
    id: `default-${caller.roleType}`,
    name: `${ROLE_TYPE_LABELS[caller.roleType]} dashboard`,
    panels: defaultLayoutFor(caller.roleType, caller.permissions),
    builtIn: true,
    createdAt: null,
    updatedAt: null,
  };
}

/** The caller's dashboards in their order, or the default when they saved none. */
export function listFor(caller: Caller, own: StoredDashboard[]): Dashboard[] {
  return own.length === 0 ? [defaultDashboard(caller)] : own.map((d) => asSeenBy(caller, d));
}

/** The caller's dashboard, or the contract's 404 (another user's, or theirs in another role, is not found). */
export async function dashboardOr404(
  store: DashboardStore,
  caller: Caller,
  id: string,
  action: number,
): Promise<StoredDashboard> {
  requirePermission(caller, 'dc', action);
  const d = await store.get(id);
  if (!d || !isOwnedBy(caller, d)) throw notFound('Dashboard');
  return d;
}

export function readName(errors: FieldErrors, value: unknown): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') errors.add('name', 'Enter a name.');
  else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
  else return name;
  return undefined;
}

/** The panels sent, each known, allowed to the caller, with an id of its own and a placement inside the grid. */
export function readPanels(caller: Caller, errors: FieldErrors, value: unknown): DashboardPanel[] | undefined {
  if (!Array.isArray(value)) {
    errors.add('panels', 'Send a list of panels.');
    return undefined;
  }
  if (value.length > MAX_PANELS) {
    errors.add('panels', `A dashboard holds at most ${MAX_PANELS} panels.`);
    return undefined;
  }
  const out: DashboardPanel[] = [];
  const ids = new Set<string>();
  for (const item of value as unknown[]) {
    const raw = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const panel = raw.panel;
    if (!isDashboardPanelId(panel)) {
      errors.add('panels', `Unknown panel ${String(panel)}.`);
      return undefined;
    }
    if (!can(caller.permissions, DASHBOARD_PANELS[panel].permission)) {
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
