import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionMap } from '@/domain/permissions';
import { apiClient, requireData } from '@/shared/api/api-client';
import { type AuthUser, toPermissionMap } from './auth-types';
import { authKeys } from '@/shared/api/query-keys';

export interface CurrentUser {
  user: AuthUser;
  permissions: PermissionMap;
}

/** The signed-in user with their permissions. */
export async function getCurrentUser(): Promise<CurrentUser> {
  const data = requireData(await apiClient.GET('/auth/me'));
  return { user: data.user, permissions: toPermissionMap(data.permissions) };
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: authKeys.me(), queryFn: getCurrentUser });
}

/** The current user query (401 triggers the client's unauthorized handler). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
