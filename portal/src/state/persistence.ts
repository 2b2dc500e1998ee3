// zod/mini (issue 37 item 11): the stored session is read before the first page renders.
import * as z from 'zod/mini';
import { DEVICE_KINDS, FIRMWARE_UPDATE_STATUS, STATUS_WITH_DELETED, TICKET_STATUS, YES_NO } from '@/domain/enums';
import { isPermissionKey, type PermissionMap } from '@/domain/permissions';
import { isRoleCode } from '@/domain/roles';
import { type AuthState, initialAuthState, type SessionUser } from './auth-slice';
import type { Breadcrumb } from './breadcrumbs';
import { type DetailTabState, initialDetailTabState } from './detail-tab-slice';
import { initialMasterState, type MasterState } from './master-slice';
import { initialModelState, type ModelState } from './model-slice';

/** The one session-storage key that holds every persisted group. */
export const STORE_STORAGE_KEY = 'voltline.session';
/** Bump with a migration step whenever a persisted group changes shape. */
export const STORE_VERSION = 2;

/**
 * The groups that are persisted (spec §3): auth, master, detail-tab and model. The socket group of the spec is the
 * live controller, which reconnects by itself and has nothing to store (decision 0005).
 */
export interface PersistedGroups {
  auth: AuthState;
  master: MasterState;
  detailTab: DetailTabState;
  model: ModelState;
}

/** Picks the persisted groups. */
export function partializeState(state: PersistedGroups): PersistedGroups {
  return { auth: state.auth, master: state.master, detailTab: state.detailTab, model: state.model };
}

/**
 * Brings stored data of an older version to the current shape. Version 0 (the portal this one replaces) kept the
 * details-tab group under `detail_tab`. Version 1 also stored the socket group and fields that are gone or typed now;
 * `mergePersisted` drops what is gone and resets what no longer fits. Unknown (e.g. newer) versions start from
 * defaults.
 */
export function migratePersisted(persisted: unknown, version: number): unknown {
  if (!isPlainObject(persisted) || version > 1 || version < 0) return {};
  const { detail_tab, socket: _socket, ...rest } = persisted;
  return version === 0 ? { ...rest, detailTab: detail_tab } : rest;
}

const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string().check(z.refine(isRoleCode)),
  oemId: z.optional(z.string()),
  dealerId: z.optional(z.string()),
  fleetId: z.optional(z.string()),
  evOwnerId: z.optional(z.string()),
  driverId: z.optional(z.string()),
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One schema per field of a group, so that the schemas cannot drift from the group's type. */
type FieldSchemas<T> = { [K in keyof T]-?: z.ZodMiniType<T[K]> };

const breadcrumbSchema = z.object({ path: z.string(), title: z.string() });

/** Keeps the well-formed crumbs of a stored trail and drops the rest. */
const breadcrumbsSchema: z.ZodMiniType<Breadcrumb[]> = z.pipe(
  z.array(z.unknown()),
  z.transform((crumbs: unknown[]) =>
    crumbs.flatMap((c) => {
      const crumb = breadcrumbSchema.safeParse(c);
      return crumb.success ? [crumb.data] : [];
    }),
  ),
);

const masterFields: FieldSchemas<MasterState> = {
  loader: z.boolean(),
  notificationCount: z.number(),
  breadcrumb_history: breadcrumbsSchema,
};

const enumValue = <T extends Record<string, string | number>>(values: T) =>
  z.literal(Object.values(values) as [T[keyof T], ...T[keyof T][]]);

const detailTabFields: FieldSchemas<DetailTabState> = {
  vehicle_uid: z.nullable(z.string()),
  ticket_state_filter: z.nullable(enumValue(TICKET_STATUS)),
  fault_data: z.nullable(z.array(z.number())),
  bms_statistics_data: z.nullable(z.string()),
  bms_soc_data: z.nullable(z.string()),
  device_status_filter: z.nullable(enumValue(STATUS_WITH_DELETED)),
  onboard_filter: z.nullable(enumValue(YES_NO)),
  model_page_component: z.nullable(z.string()),
  ota_device_filter_data: z.nullable(enumValue(FIRMWARE_UPDATE_STATUS)),
  bms_reset_device_uid: z.nullable(z.string()),
  vehicle_overall_info: z.nullable(z.string()),
  bms_overall_info: z.nullable(z.string()),
  mcu_overall_info: z.nullable(z.string()),
};

const modelFields: FieldSchemas<ModelState> = {
  model_data: z.nullable(z.object({ id: z.string(), kind: z.enum(DEVICE_KINDS), configurationStep: z.int() })),
};

/** Keeps each stored field that its schema accepts; any other field (missing, mistyped, foreign) gets its default. */
function sanitizeGroup<T extends object>(stored: unknown, defaults: T, fields: FieldSchemas<T>): T {
  if (!isPlainObject(stored)) return defaults;
  const out = { ...defaults };
  for (const key of Object.keys(fields) as (keyof T & string)[]) {
    if (!Object.hasOwn(stored, key)) continue;
    const parsed = fields[key].safeParse(stored[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
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

/**
 * Merges what storage held into the fresh state. Corrupt or foreign data never crashes the app: each group is
 * checked field by field and whatever does not fit is replaced by its default.
 */
export function mergePersisted<S extends PersistedGroups>(persisted: unknown, current: S): S {
  if (!isPlainObject(persisted)) return current;
  return {
    ...current,
    auth: sanitizeAuth(persisted.auth),
    master: sanitizeGroup(persisted.master, initialMasterState(), masterFields),
    detailTab: sanitizeGroup(persisted.detailTab, initialDetailTabState(), detailTabFields),
    model: sanitizeGroup(persisted.model, initialModelState(), modelFields),
  };
}
