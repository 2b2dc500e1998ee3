import { isPermissionKey, type PermissionMap } from '@/domain/permissions';
import type { components } from '@/domain/api-schema';

/** The signed-in user (generated from openapi.yaml; `role` is a RoleCode). */
export type AuthUser = components['schemas']['AuthUser'];

/** What a successful login yields. */
export interface LoginResult {
  token: string;
  user: AuthUser;
  permissions: PermissionMap;
}

/** Keeps the permission keys this portal knows; a newer server may send keys an older portal cannot guard. */
export function toPermissionMap(value: Record<string, number>): PermissionMap {
  const map: PermissionMap = {};
  for (const [key, flags] of Object.entries(value)) {
    if (isPermissionKey(key) && Number.isInteger(flags)) map[key] = flags;
  }
  return map;
}
