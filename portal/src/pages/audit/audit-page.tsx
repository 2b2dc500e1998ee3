import { Badge } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { AUDIT_ACTIONS, AUDIT_ENTITY_NAMES } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { type HistoryCsvExport, HistoryListPage } from '@/shared/ui/history-list-page';
import { useCan } from '@/state/use-can';
import { type ApiAuditEntry, AUDIT_EXPORT_LIMIT, listAllAudit, useAuditList } from '@/features/audit/api/list-audit';
import { useAuditActors } from '@/features/audit/api/list-audit-actors';
import { useVerifyAuditChain } from '@/features/audit/api/verify-audit-chain';
import { ChainCheckResult, VerifyChainButton } from '@/features/audit/components/chain-check';
import { AuditEntryDrawer } from '@/features/audit/components/audit-entry-drawer';

const FILTER_KEYS = ['entity', 'action', 'userId', 'from', 'to'] as const;
/** The spec's actions, then the ones the API adds (see AuditEntry.action in openapi.yaml). */
const ACTIONS: readonly ApiAuditEntry['action'][] = [...AUDIT_ACTIONS, 'Delete', 'Unassign', 'Change Status'];
const ENTITY_FILTER: FilterDef = {
  key: 'entity',
  label: 'Entity',
  options: AUDIT_ENTITY_NAMES.map((e) => ({ value: e, label: e })),
};
const ACTION_FILTER: FilterDef = {
  key: 'action',
  label: 'Action',
  options: ACTIONS.map((a) => ({ value: a, label: a })),
};
const CSV_COLUMNS = [
  'seq',
  'occurredAt',
  'entity',
  'entityId',
  'action',
  'summary',
  'userName',
  'role',
  'ip',
  'userAgent',
  'changes',
  'prevHash',
  'hash',
];
const CSV_EXPORT: HistoryCsvExport<ApiAuditEntry> = {
  subject: 'the audit log',
  fileName: 'audit-log.csv',
  noun: 'entries',
  limit: AUDIT_EXPORT_LIMIT,
  columns: CSV_COLUMNS,
  listAll: listAllAudit,
  toRow: (e) => ({ ...e, changes: JSON.stringify(e.changes) }),
};

const col = createColumnHelper<ApiAuditEntry>();
// Sizes are minimums (extra width is shared in proportion): the shown columns add up to 1,105 px, so the list fits
// the 1,148 px a 1,280 px window leaves beside the collapsed navigation (e2e inventory-lists pins it).
const COLUMNS = [
  col.accessor('occurredAt', {
    header: 'Time',
    size: 185,
    meta: { label: 'Time', sortField: 'occurredAt' },
    cell: (c) => formatDateTime(c.getValue(), true),
  }),
  col.accessor('entity', { header: 'Entity', size: 130, meta: { label: 'Entity', sortField: 'entity' } }),
  col.accessor('action', {
    header: 'Action',
    size: 140,
    meta: { label: 'Action', sortField: 'action' },
    cell: (c) => <Badge variant="light">{c.getValue()}</Badge>,
  }),
  col.accessor('summary', { header: 'Summary', size: 220, meta: { label: 'Summary' } }),
  col.accessor((e) => `${e.userName}`, {
    id: 'userName',
    header: 'Actor',
    size: 160,
    meta: { label: 'Actor', sortField: 'userName' },
  }),
  col.accessor('role', { header: 'Role', size: 70, meta: { label: 'Role' } }),
  col.accessor((e) => e.changes.length, {
    id: 'changes',
    header: 'Changed fields',
    size: 130,
    meta: { label: 'Changed fields' },
  }),
  col.accessor('entityId', { header: 'Record', size: 150, meta: { label: 'Record' } }),
  col.accessor('seq', { header: '#', size: 70, meta: { label: '# (chain position)', sortField: 'seq' } }),
  col.accessor('ip', { header: 'IP', size: 120, meta: { label: 'IP' }, cell: (c) => c.getValue() ?? '—' }),
];
const HIDDEN_BY_DEFAULT = ['entityId', 'ip'] as const;
const getEntryId = (e: ApiAuditEntry) => e.id;
const rowLabel = (e: ApiAuditEntry) => `${e.action} ${e.entity}: ${e.summary}`;

/** Who changed what, and when: the audit chain, its detail and its check. */
export function AuditPage({ route }: RoutePageProps) {
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const searchRef = useRef(search);
  searchRef.current = search;
  const actors = useAuditActors();
  const verify = useVerifyAuditChain();
  const entryId = search.get('entry');

  const actorOptions = actors.data;
  const filterDefs = useMemo<FilterDef[]>(
    () => [ENTITY_FILTER, ACTION_FILTER, { key: 'userId', label: 'Actor', options: actorOptions ?? [] }],
    [actorOptions],
  );
  // A row opens its detail through the URL, so a detail is a link and Back closes it.
  const rowHref = useCallback((e: ApiAuditEntry) => {
    const next = new URLSearchParams(searchRef.current);
    next.set('entry', e.id);
    return `?${next}`;
  }, []);
  const showEntry = useCallback(
    (id: string) => {
      const next = new URLSearchParams(searchRef.current);
      next.set('entry', id);
      setSearch(next);
    },
    [setSearch],
  );
  const closeEntry = useCallback(() => {
    const next = new URLSearchParams(searchRef.current);
    next.delete('entry');
    setSearch(next, { replace: true });
  }, [setSearch]);

  return (
    <HistoryListPage
      title={route.title}
      description="Who changed what, and when. Entries are append-only and chained by hash."
      actions={<VerifyChainButton busy={verify.isPending} onVerify={() => verify.mutate()} />}
      csvExport={can('ah', ACTION.EXPORT) ? CSV_EXPORT : undefined}
      banner={
        <ChainCheckResult
          result={verify.data}
          error={verify.error}
          onShowEntry={showEntry}
          onDismiss={() => verify.reset()}
        />
      }
      filterKeys={FILTER_KEYS}
      useList={useAuditList}
      searchLabel="Search the audit log"
      filterDefs={filterDefs}
      rowHref={rowHref}
      linkColumn="summary"
      rowLabel={rowLabel}
      label="Audit log"
      tableId="audit"
      columns={COLUMNS}
      hiddenByDefault={HIDDEN_BY_DEFAULT}
      getRowId={getEntryId}
      emptyText="No audit entries match these filters."
    >
      <AuditEntryDrawer entryId={entryId} onClose={closeEntry} />
    </HistoryListPage>
  );
}
