import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import { auditKeys } from '@/shared/api/query-keys';

export function auditActorsQueryOptions() {
  return queryOptions({
    queryKey: auditKeys.actors(),
    queryFn: async () => requireData(await apiClient.GET('/audit/actors')),
  });
}

/** Who made the entries the user may see, as filter options. */
export function useAuditActors() {
  return useQuery({
    ...auditActorsQueryOptions(),
    select: (actors) => actors.map((a) => ({ value: a.userId, label: `${a.userName}` })),
  });
}
