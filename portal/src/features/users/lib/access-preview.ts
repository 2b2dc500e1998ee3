import { type AppRoute, ROUTES } from '@/config/paths';
import {
  ACTION,
  type ActionName,
  can,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
  type PermissionMap,
} from '@/domain/permissions';
import { guardRoute } from '@/domain/route-access';
import type { RoleCode } from '@/domain/roles';
import { BMS_TABS, MCU_TABS, MODEL_TABS, type TabDef, USER_MANAGEMENT_TABS, VEHICLE_TABS } from '@/domain/tab-sets';

/** The tab sets whose tabs hang on a permission, by the page they belong to. */
export const PREVIEW_TAB_SETS: readonly { page: string; tabs: readonly TabDef[] }[] = [
  { page: 'Vehicle details', tabs: VEHICLE_TABS },
  { page: 'BMS details', tabs: BMS_TABS },
  { page: 'MCU details', tabs: MCU_TABS },
  { page: 'Model management', tabs: MODEL_TABS },
  { page: 'User management', tabs: USER_MANAGEMENT_TABS },
];

/** Error pages every signed-in user reaches; a preview does not list them. */
const ERROR_ROUTES = new Set(['forbidden', 'not-found']);

/** The routes a preview lists: every signed-in page of the table (not login, error pages or demo-only tools). */
export const PREVIEW_ROUTES: readonly AppRoute[] = ROUTES.filter(
  (r) => !r.public && !r.demoOnly && !ERROR_ROUTES.has(r.id),
);

export interface AccessPreview {
  pages: { route: AppRoute; allowed: boolean }[];
  tabs: { page: string; tab: TabDef; allowed: boolean }[];
  /** Per key the viewer holds anything on: the actions `can()` allows, in flag order. */
  actions: { key: PermissionKey; label: string; allowed: ActionName[] }[];
}

/**
 * What a role (or an account holding it) gets, computed by the guard code itself: `guardRoute` for pages (the
 * router's guard), `can()` for tabs and actions (every button's check). Nothing here re-implements a rule.
 */
export function accessPreview(role: RoleCode, permissions: PermissionMap): AccessPreview {
  const viewer = { isAuthenticated: true, role, permissions };
  return {
    pages: PREVIEW_ROUTES.map((route) => ({ route, allowed: guardRoute(route, viewer) === 'allow' })),
    tabs: PREVIEW_TAB_SETS.flatMap(({ page, tabs }) =>
      tabs.map((tab) => ({ page, tab, allowed: tab.permission === undefined || can(permissions, tab.permission) })),
    ),
    actions: PERMISSION_KEYS.map((key) => ({
      key,
      label: PERMISSION_LABELS[key],
      allowed: (Object.keys(ACTION) as ActionName[]).filter((name) => can(permissions, key, ACTION[name])),
    })).filter((row) => row.allowed.length > 0),
  };
}
