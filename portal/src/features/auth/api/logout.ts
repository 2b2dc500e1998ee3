import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api/api-client';

/** Ends the server session of the current token. */
export async function logout(): Promise<void> {
  await apiClient.POST('/auth/logout');
}

/** The logout mutation; on settle it drops every cached query, since cached data belongs to the old user. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.clear(),
  });
}
