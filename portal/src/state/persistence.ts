import { z } from 'zod';
import { isPermissionKey, type PermissionMap } from '@/domain/permissions';
import { isRoleCode } from '@/domain/roles';
import { type AuthState, initialAuthState, type SessionUser } from './auth-slice';
import { type DetailTabState, initialDetailTabState } from './detail-tab-slice';
import { initialMasterState, type MasterState } from './master-slice';
import { initialModelState, type ModelState } from './model-slice';
import { deserializeSocket, type SerializedSocketState, type SocketState, serializeSocket } from './socket-slice';

/** The one session-storage key that holds every persisted group. */
export const STORE_STORAGE_KEY = 'voltline.session';
/** Bump with a migration step whenever a persisted group changes shape. */
export const STORE_VERSION = 1;

/** The groups that are persisted (spec §3): auth, master, socket, detail-tab and model. */
export interface PersistedGroups {
  auth: AuthState;
  master: MasterState;
  socket: SerializedSocketState;
  detailTab: DetailTabState;
  model: ModelState;
}

/** What the store looks like to persistence: the same groups, live. */
export interface PersistableState {
  auth: AuthState;
  master: MasterState;
  socket: SocketState;
  detailTab: DetailTabState;
  model: ModelState;
}

/** Picks the persisted groups; the socket group is transformed so that no live connection is serialised. */
export function partializeState(state: PersistableState): PersistedGroups {
  return {
    auth: state.auth,
    master: state.master,
    socket: serializeSocket(state.socket),
    detailTab: state.detailTab,
    model: state.model,
  };
}

/**
 * Brings stored data of an older version to the current shape. Version 0 (the portal this one replaces) kept the
 * details-tab group under `detail_tab` and had no `menuCollapse`. Unknown (e.g. newer) versions start from defaults.
 */
export function migratePersisted(persisted: unknown, version: number): unknown {
  if (version === 0 && isPlainObject(persisted)) {
    const { detail_tab, ...rest } = persisted;
    return { ...rest, detailTab: detail_tab };
  }
  return {};
}

const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().refine(isRoleCode),
  oemId: z.string().optional(),
  dealerId: z.string().optional(),
  fleetId: z.string().optional(),
  evOwnerId: z.string().optional(),
  driverId: z.string().optional(),
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps the stored fields whose kind matches the default's; anything else falls back to the default. */
function sanitizeGroup<T extends object>(stored: unknown, defaults: T): T {
  if (!isPlainObject(stored)) return defaults;
  const out: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(defaults)) {
    if (!Object.hasOwn(stored, key)) continue;
    const value = stored[key];
    const ok =
      fallback === null
        ? value === null || typeof value !== 'function'
        : Array.isArray(fallback)
          ? Array.isArray(value)
          : isPlainObject(fallback)
            ? isPlainObject(value)
            : typeof value === typeof fallback;
    if (ok) out[key] = value;
  }
  return out as T;
}

function sanitizePermissions(value: unknown): PermissionMap {
  if (!isPlainObject(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      ([key, flags]) => isPermissionKey(key) && Number.isInteger(flags) && (flags as number) >= 0,
    ),
  ) as PermissionMap;
}

function sanitizeAuth(stored: unknown): AuthState {
  const defaults = initialAuthState();
  if (!isPlainObject(stored)) return defaults;
  const menuCollapse = typeof stored.menuCollapse === 'boolean' ? stored.menuCollapse : defaults.menuCollapse;
  const user = sessionUserSchema.safeParse(stored.user);
  // A session is only restored whole: a user without a token (or the reverse) is a signed-out session.
  if (!user.success || typeof stored.token !== 'string' || stored.isAuthenticated !== true) {
    return { ...defaults, menuCollapse };
  }
  return {
    user: user.data as SessionUser,
    token: stored.token,
    permissions: sanitizePermissions(stored.permissions),
    isAuthenticated: true,
    menuCollapse,
  };
}

function sanitizeMaster(stored: unknown): MasterState {
  const group = sanitizeGroup(stored, initialMasterState());
  const crumbs = group.breadcrumb_history.filter(
    (c): c is { path: string; title: string } =>
      isPlainObject(c) && typeof c.path === 'string' && typeof c.title === 'string',
  );
  return {
    ...group,
    breadcrumb_history: crumbs,
    route_history: group.route_history.filter((p) => typeof p === 'string'),
  };
}

/**
 * Merges what storage held into the fresh state. Corrupt or foreign data never crashes the app: each group is
 * checked field by field and whatever does not fit is replaced by its default.
 */
export function mergePersisted<S extends PersistableState>(persisted: unknown, current: S): S {
  if (!isPlainObject(persisted)) return current;
  return {
    ...current,
    auth: sanitizeAuth(persisted.auth),
    master: sanitizeMaster(persisted.master),
    socket: deserializeSocket(persisted.socket),
    detailTab: sanitizeGroup(persisted.detailTab, initialDetailTabState()),
    model: sanitizeGroup(persisted.model, initialModelState()),
  };
}
