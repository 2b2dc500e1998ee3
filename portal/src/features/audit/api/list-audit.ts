import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, requireData } from '@/shared/api/api-client';
import type { components } from '@/domain/api-schema';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { toRangedListQuery } from '@/shared/ui/data-table/date-range';
import { auditKeys } from '@/shared/api/query-keys';

export type ApiAuditEntry = components['schemas']['AuditEntry'];

/** How many entries an export reads at most (ten pages of the contract's largest page). */
export const AUDIT_EXPORT_LIMIT = 10_000;

export async function listAudit(params: ListParams) {
  return requireData(await apiClient.GET('/audit', { params: { query: toRangedListQuery(params) } }));
}

export function auditQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: () => listAudit(params),
    placeholderData: keepPreviousData,
  });
}

/** One page of the audit log for the params in the URL. */
export function useAuditList(params: ListParams) {
  return useQuery(auditQueryOptions(params));
}

/** Every entry that matches the params (up to `AUDIT_EXPORT_LIMIT`), page by page, for the export. */
export async function listAllAudit(params: ListParams): Promise<{ items: ApiAuditEntry[]; total: number }> {
  const items: ApiAuditEntry[] = [];
  let total = 0;
  for (let page = 1; items.length < AUDIT_EXPORT_LIMIT; page += 1) {
    const answer = await listAudit({ ...params, page, pageSize: 1000 });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length < 1000 || items.length >= total) break;
  }
  return { items, total };
}
