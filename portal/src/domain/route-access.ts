import { NAV_GROUPS, type NavGroup } from './nav-groups';
import { can, type PermissionMap, type PermissionRequirement } from './permissions';
import type { RoleCode } from './roles';

/** What the guard and the navigation read of a route (the route table, `config/paths.ts`, has one row per path). */
export interface GuardedRoute {
  /** A permission key (or any of several) with an action (list/read by default); `null`: any signed-in user. */
  permission: PermissionRequirement | null;
  action?: number;
  /**
   * A write route that both creates and edits: opening it on an existing item (the URL names it with `?id=`) asks for
   * this action (Update) instead of `action` (Add).
   */
  editAction?: number;
  /** Public routes open without a session. */
  public?: boolean;
  /** Left out of the navigation (demo-only routes). */
  demoOnly?: boolean;
  /** Its side-navigation entry: the group, and the roles it is shown to (default: every role that may open it). */
  nav?: { group: NavGroup; roles?: readonly RoleCode[] };
}

/** What the guard needs to know about the session. */
export interface Viewer {
  isAuthenticated: boolean;
  role: RoleCode | null;
  permissions: PermissionMap;
}

export type GuardDecision = 'allow' | 'login' | 'forbidden';

/** The action a route asks for at this URL's query: `editAction` when it names an existing item (`?id=`). */
export function actionFor(route: GuardedRoute, search?: URLSearchParams): number | undefined {
  return route.editAction !== undefined && search?.get('id') ? route.editAction : route.action;
}

/**
 * True when the viewer's permissions open the route (its key with its action at this query; any signed-in user for
 * `null`).
 */
export function canOpen(route: GuardedRoute, permissions: PermissionMap, search?: URLSearchParams): boolean {
  return route.permission === null || can(permissions, route.permission, actionFor(route, search));
}

/**
 * The guard of every route: public routes open, a visitor signs in first, a signed-in user needs the permission (with
 * the action the URL's query asks for: editing an item needs Update where creating one needs Add).
 */
export function guardRoute(route: GuardedRoute, viewer: Viewer, search?: URLSearchParams): GuardDecision {
  if (route.public) return 'allow';
  if (!viewer.isAuthenticated) return 'login';
  return canOpen(route, viewer.permissions, search) ? 'allow' : 'forbidden';
}

export interface NavSection<R extends GuardedRoute = GuardedRoute> {
  group: NavGroup;
  label: string;
  routes: R[];
}

/** The side navigation of a viewer: only routes they may open, in table order, grouped. */
export function navSectionsFor<R extends GuardedRoute>(
  routes: readonly R[],
  role: RoleCode | null,
  permissions: PermissionMap,
): NavSection<R>[] {
  if (!role) return [];
  const visible = routes.filter(
    (r) => r.nav && !r.demoOnly && canOpen(r, permissions) && (!r.nav.roles || r.nav.roles.includes(role)),
  );
  return (Object.keys(NAV_GROUPS) as NavGroup[])
    .map((group) => ({ group, label: NAV_GROUPS[group], routes: visible.filter((r) => r.nav?.group === group) }))
    .filter((section) => section.routes.length > 0);
}

/**
 * The path to return to after login, from `?returnTo=`. Only same-origin absolute paths are accepted, so a crafted
 * link cannot send the user to another site.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/login')) return null;
  return value;
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return path && path !== '/' ? `/login?returnTo=${encodeURIComponent(path)}` : '/login';
}
