import { useMutation } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { type LoginResult, toPermissionMap } from './auth-types';

export type { AuthUser, LoginResult } from './auth-types';

export interface LoginInput {
  email: string;
  password: string;
}

/** Signs in; rejects with an ApiError (`invalid_credentials`, or `validation_failed` with field errors). */
export async function login(input: LoginInput): Promise<LoginResult> {
  const data = requireData(await apiClient.POST('/auth/login', { body: input }));
  return { token: data.token, user: data.user, permissions: toPermissionMap(data.permissions) };
}

/** The login mutation: `mutateAsync({email, password})` resolves `{token, user, permissions}`. */
export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
