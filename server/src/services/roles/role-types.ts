import type { PermissionMap } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';

export type Role = Schemas['Role'];
/**
 * A role as a store keeps it: the API's Role but `locked`, which the services decide, and with `permissions` null
 * where the row holds none (a built-in role never edited: the default matrix of its code).
 */
export type StoredRole = Omit<Role, 'locked' | 'permissions'> & { permissions: PermissionMap | null };

/** Audit entity name of spec §3 for roles and their permissions. */
export const ROLE_AUDIT_ENTITY = 'Access';
