import { Badge, Button, Group, Stack } from '@mantine/core';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { IconPlus, IconX } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, memo, Suspense, useCallback, useMemo, useRef } from 'react';
import {
  COMPONENT_KIND_LABELS,
  COMPONENT_KINDS,
  GRANT_TARGET_LABELS,
  GRANTEE_TYPE_LABELS,
  type GranteeType,
} from '@/domain/access-grants';
import { ACTION } from '@/domain/permissions';
import { formatDate, formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { UrlList } from '@/shared/ui/data-table/url-list';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { useDialogState } from '@/shared/ui/use-dialog-state';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import {
  type AccessGrant,
  type GrantArea,
  getGrantsForExport,
  useAccessGrants,
  useCreateGrant,
  useRevokeGrant,
} from '../api/access-grants-api';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { cappedCsvFile, useCsvExport } from '@/shared/ui/csv-export/use-csv-export';

const GrantFormModal = lazy(() => import('./grant-form-modal').then((m) => ({ default: m.GrantFormModal })));

/** The list hook of each page (one stable hook per area, as UrlList needs). */
const useAccessGrantList = (params: ListParams) => useAccessGrants('access', params);
const useOemGrantList = (params: ListParams) => useAccessGrants('oem', params);

const col = createColumnHelper<AccessGrant>();
const getGrantId = (g: AccessGrant) => g.id;

const STATUS_COLOURS: Record<AccessGrant['status'], string> = { active: 'green', expired: 'orange', revoked: 'gray' };
const STATUS_LABELS: Record<AccessGrant['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

const STATUS_FILTER: FilterDef = {
  key: 'status',
  label: 'Status',
  options: (['active', 'expired', 'revoked'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
};
const KIND_FILTER: FilterDef = {
  key: 'kind',
  label: 'Component kind',
  options: COMPONENT_KINDS.map((k) => ({ value: k, label: COMPONENT_KIND_LABELS[k] })),
};
const TARGET_FILTER: FilterDef = {
  key: 'target',
  label: 'Access to',
  options: (['vehicle', 'model', 'deviceKind'] as const).map((t) => ({ value: t, label: GRANT_TARGET_LABELS[t] })),
};
const granteeFilter = (types: readonly GranteeType[]): FilterDef => ({
  key: 'granteeType',
  label: 'Grantee',
  options: types.map((t) => ({ value: t, label: GRANTEE_TYPE_LABELS[t] })),
});

const AREA = {
  access: {
    key: 'ac.l',
    label: 'Access grants',
    tableId: 'access-grants',
    file: 'access-grants.csv',
    filterKeys: ['status', 'kind', 'target', 'granteeType'],
    filters: [
      STATUS_FILTER,
      KIND_FILTER,
      TARGET_FILTER,
      granteeFilter(['oem', 'dealer', 'fleet', 'evowner', 'driver', 'user']),
    ],
  },
  oem: {
    key: 'oem.l',
    label: 'OEM access grants',
    tableId: 'oem-access-grants',
    file: 'oem-access.csv',
    filterKeys: ['status', 'granteeType'],
    filters: [STATUS_FILTER, granteeFilter(['dealer', 'fleet'])],
  },
} as const;

const CSV_COLUMNS = [
  'Grantee',
  'Grantee type',
  'Role',
  'Access to',
  'Target',
  'Kind',
  'Status',
  'Expires',
  'Granted',
  'Granted by',
  'Note',
];

function StatusCell({ grant }: { grant: AccessGrant }) {
  return (
    <Badge color={STATUS_COLOURS[grant.status]} variant="light" radius="sm">
      {STATUS_LABELS[grant.status]}
    </Badge>
  );
}

/**
 * Access grants of one area (access management, or OEM access): search, filters, paging, export, grant and revoke
 * with confirmation. Each action behind its bit of the area's key (`ac.l` or `oem.l`).
 */
export const GrantsList = memo(function GrantsList({ area }: { area: GrantArea }) {
  const def = AREA[area];
  const can = useCan();
  const permissions = useAppState((s) => s.auth.permissions);
  const may = (action: number) => can(def.key, action);
  const [dialog, setDialog] = useDialogState<{ kind: 'add' } | { kind: 'revoke'; grant: AccessGrant }>();
  const paramsRef = useRef<ListParams | null>(null);
  const create = useCreateGrant();
  const revoke = useRevokeGrant();
  const close = useCallback(() => setDialog(null), [setDialog]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the actions read `can` (from permissions) and stable setters
  const columns = useMemo(
    () => [
      col.accessor('granteeName', {
        header: 'Grantee',
        size: 220,
        meta: { label: 'Grantee', sortField: 'granteeName' },
      }),
      col.accessor('granteeType', {
        header: 'Type',
        size: 130,
        meta: { label: 'Type' },
        cell: (c) => GRANTEE_TYPE_LABELS[c.getValue()],
      }),
      col.accessor('roleName', { header: 'Role', size: 170, meta: { label: 'Role' } }),
      col.accessor('targetName', {
        header: 'Access to',
        size: 240,
        meta: { label: 'Access to' },
        cell: (c) =>
          area === 'oem'
            ? c.getValue()
            : `${GRANT_TARGET_LABELS[c.row.original.target]}: ${c.getValue()} · ${COMPONENT_KIND_LABELS[c.row.original.kind]}`,
      }),
      col.accessor('status', {
        header: 'Status',
        size: 115,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => <StatusCell grant={c.row.original} />,
      }),
      col.accessor('expiresAt', {
        header: 'Expires',
        size: 130,
        meta: { label: 'Expires', sortField: 'expiresAt' },
        cell: (c) => (c.getValue() ? formatDate(c.getValue()) : 'Never'),
      }),
      col.accessor('createdAt', {
        header: 'Granted',
        size: 200,
        meta: { label: 'Granted', sortField: 'createdAt' },
        cell: (c) => `${formatDate(c.getValue())} by ${c.row.original.createdBy}`,
      }),
      col.display({
        id: 'actions',
        header: '',
        size: 60,
        enableHiding: false,
        cell: (c) => {
          const grant = c.row.original;
          const actions: RowAction[] =
            may(ACTION.DELETE) && grant.status !== 'revoked'
              ? [{ label: 'Revoke', icon: <IconX size={14} />, onClick: () => setDialog({ kind: 'revoke', grant }) }]
              : [];
          return <RowActions name={grant.granteeName} actions={actions} />;
        },
      }),
    ],
    [permissions, area],
  );

  const csvExport = useCsvExport('the grants', async () => {
    const params = paramsRef.current ?? { page: 1, pageSize: 25, sort: null, q: '', filters: {} };
    const { items, total } = await getGrantsForExport(area, params);
    const rows = items.map((g) => ({
      Grantee: g.granteeName,
      'Grantee type': GRANTEE_TYPE_LABELS[g.granteeType],
      Role: g.roleName,
      'Access to': GRANT_TARGET_LABELS[g.target],
      Target: g.targetName,
      Kind: COMPONENT_KIND_LABELS[g.kind],
      Status: STATUS_LABELS[g.status],
      Expires: g.expiresAt ? formatDate(g.expiresAt) : 'Never',
      Granted: formatDateTime(g.createdAt),
      'Granted by': g.createdBy,
      Note: g.note ?? '',
    }));
    return cappedCsvFile({ fileName: def.file, columns: CSV_COLUMNS, rows, total, noun: 'grants', which: 'the first' });
  });

  const openAdd = useCallback(() => setDialog({ kind: 'add' }), [setDialog]);
  const revokeTarget = dialog?.kind === 'revoke' ? dialog.grant : null;

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        {may(ACTION.EXPORT) ? <ExportCsvButton {...csvExport} /> : null}
        {may(ACTION.ADD) ? (
          <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
            Grant access
          </Button>
        ) : null}
      </Group>
      <UrlList
        filterKeys={def.filterKeys}
        useList={area === 'oem' ? useOemGrantList : useAccessGrantList}
        searchLabel="Search grants"
        filterDefs={def.filters as unknown as FilterDef[]}
        label={def.label}
        tableId={def.tableId}
        columns={columns}
        getRowId={getGrantId}
        emptyText="No grants match these filters."
        paramsRef={paramsRef}
      />
      {dialog?.kind === 'add' ? (
        <Suspense fallback={<DialogLoading label="Loading the grant form" onClose={close} />}>
          <GrantFormModal
            area={area}
            onClose={close}
            onSubmit={async (body) => {
              const created = await create.mutateAsync(body);
              notify.success(`Granted ${created.granteeName} access`, {
                description: `${created.roleName} on ${created.targetName}`,
              });
              close();
              return created;
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={revokeTarget !== null}
        title="Revoke access"
        message={`Revoke ${revokeTarget?.granteeName ?? ''}'s ${revokeTarget?.roleName ?? ''} access to ${revokeTarget?.targetName ?? ''}? It ends now and cannot be undone; grant again to restore it.`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onClose={close}
        onConfirm={async () => {
          if (!revokeTarget) return;
          try {
            await revoke.mutateAsync(revokeTarget.id);
            notify.success(`Revoked ${revokeTarget.granteeName}'s access`);
            close();
          } catch (error) {
            notify.error('Could not revoke the grant', { description: errorMessage(error) });
          }
        }}
      />
    </Stack>
  );
});
