import { Anchor, Group, Stack } from '@mantine/core';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { IconId, IconLink, IconPencil, IconPower } from '@tabler/icons-react';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { lazy, memo, Suspense, useCallback, useMemo, useRef } from 'react';
import { ACTION } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { type LookupOption, type OrganisationKind as LookupKind, useOrganisationOptions } from '@/shared/api/lookups';
import { formatDate } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { STATUS_FILTER } from '@/shared/ui/data-table/list-filters';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { StatusBadge } from '@/shared/ui/data-table/status-badge';
import { UrlList } from '@/shared/ui/data-table/url-list';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { useDialogState } from '@/shared/ui/use-dialog-state';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import {
  getOrganisationsForExport,
  type OrganisationRow,
  useAssignVehicles,
  useCreateOrganisation,
  useOrganisations,
  useSetOrganisationStatus,
  useUpdateOrganisation,
} from '../api/organisations-api';
import { KIND_INFO, type OrganisationKind } from '../lib/organisation-kinds';
import { OrganisationDetailsDrawer } from './organisation-details-drawer';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { cappedCsvFile, useCsvExport } from '@/shared/ui/csv-export/use-csv-export';

/** The form (and its zod schema) and the vehicle picker load when they open, not with the page. */
const OrganisationFormModal = lazy(() =>
  import('./organisation-form-modal').then((m) => ({ default: m.OrganisationFormModal })),
);
const AssignVehiclesModal = lazy(() =>
  import('./assign-vehicles-modal').then((m) => ({ default: m.AssignVehiclesModal })),
);

type Dialog = { kind: 'add' } | { kind: 'edit' | 'status' | 'details' | 'assign'; row: OrganisationRow } | null;

const col = createColumnHelper<OrganisationRow>();
// biome-ignore lint/suspicious/noExplicitAny: column value types differ per column (TanStack's own ColumnDef<T, any>)
type Col = ColumnDef<OrganisationRow, any>;
type R = Record<string, unknown>;
const field = (row: OrganisationRow, name: string) => (row as unknown as R)[name] as string | null | undefined;
const getRowId = (row: OrganisationRow) => row.id;

/** One stable list hook per kind (UrlList calls the same hook on every render). */
const LIST_HOOKS: Record<OrganisationKind, (params: ListParams) => ReturnType<typeof useOrganisations>> = {
  dealer: (params) => useOrganisations('dealer', params),
  fleet: (params) => useOrganisations('fleet', params),
  evOwner: (params) => useOrganisations('evOwner', params),
  driver: (params) => useOrganisations('driver', params),
};

/** The organisation a row belongs to, by the id field, named from a pick list. */
const PARENT: Partial<Record<OrganisationKind, { field: string; label: string; lookup: LookupKind }>> = {
  dealer: { field: 'oemId', label: 'OEM', lookup: 'oems' },
  fleet: { field: 'dealerId', label: 'Service centre', lookup: 'dealers' },
  evOwner: { field: 'dealerId', label: 'Service centre', lookup: 'dealers' },
  driver: { field: 'fleetId', label: 'Fleet', lookup: 'fleets' },
};

function text(name: string, header: string, size: number, sortField?: string): Col {
  return col.display({
    id: name,
    header,
    size,
    meta: { label: header, ...(sortField ? { sortField } : {}) },
    cell: (c) => field(c.row.original, name) || '—',
  }) as Col;
}

function csvColumns(kind: OrganisationKind, parent: string | null): [string, (r: OrganisationRow) => unknown][] {
  const get = (name: string) => (r: OrganisationRow) => field(r, name) ?? '';
  const cols: [string, (r: OrganisationRow) => unknown][] = [['Name', (r) => r.name]];
  if (kind === 'dealer') cols.push(['Code', get('code')]);
  if (kind === 'driver')
    cols.push(['Licence number', get('licenseNumber')], ['Licence expires on', get('licenseExpiresOn')]);
  cols.push(['E-mail', get('email')], ['Phone', get('phone')]);
  if (kind !== 'driver') cols.push(['City', get('city')], ['Address', get('address')]);
  if (parent) cols.push([PARENT[kind]?.label ?? '', (r) => parent && field(r, '__parent')]);
  cols.push(['Status', (r) => (r.status === 1 ? 'Active' : 'Inactive')], ['Added', (r) => formatDate(r.createdAt)]);
  return cols;
}

export interface OrganisationListProps {
  kind: OrganisationKind;
}

/**
 * A managed list of service centres, fleets, EV owners or drivers: search, filters, server paging and sorting, export,
 * add, edit, activate/deactivate, assign vehicles and the details drawer, each behind its bit of the kind's key.
 */
export const OrganisationList = memo(function OrganisationList({ kind }: OrganisationListProps) {
  const info = KIND_INFO[kind];
  const can = useCan();
  const permissions = useAppState((s) => s.auth.permissions);
  const me = useAppState((s) => s.auth.user);
  const creatorType = me ? roleTypeOf(me.role) : 'platform';
  const may = useCallback((action: number) => can(info.key, action), [can, info.key]);
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const paramsRef = useRef<ListParams | null>(null);
  const close = useCallback(() => setDialog(null), [setDialog]);
  const create = useCreateOrganisation(kind);
  const update = useUpdateOrganisation(kind);
  const setStatus = useSetOrganisationStatus(kind);
  const assign = useAssignVehicles(kind);

  // The parent column and filter: hidden where the caller has only one parent (a dealer's fleets, a fleet's drivers).
  const parent = PARENT[kind];
  const ownParent =
    (kind === 'dealer' && creatorType !== 'platform') ||
    ((kind === 'fleet' || kind === 'evOwner') && creatorType === 'dealer') ||
    (kind === 'driver' && creatorType === 'fleet');
  const parentLookup = useOrganisationOptions(parent?.lookup ?? 'oems');
  const parentNames = useMemo(
    () => new Map((parentLookup.data ?? []).map((o: LookupOption) => [o.value, o.label])),
    [parentLookup.data],
  );
  const showParent = parent !== undefined && !ownParent;
  const parentName = useCallback(
    (row: OrganisationRow) => {
      const id = parent ? field(row, parent.field) : null;
      return id ? (parentNames.get(id) ?? id) : '—';
    },
    [parent, parentNames],
  );

  const filterDefs = useMemo<FilterDef[]>(
    () =>
      showParent && parent
        ? [STATUS_FILTER, { key: parent.field, label: parent.label, options: parentLookup.data ?? [] }]
        : [STATUS_FILTER],
    [showParent, parent, parentLookup.data],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the actions read `can` (from permissions) and stable setters
  const columns = useMemo(() => {
    const actionsFor = (row: OrganisationRow): RowAction[] => {
      const out: RowAction[] = [
        { label: 'View details', icon: <IconId size={14} />, onClick: () => setDialog({ kind: 'details', row }) },
      ];
      if (may(ACTION.UPDATE))
        out.push({ label: 'Edit', icon: <IconPencil size={14} />, onClick: () => setDialog({ kind: 'edit', row }) });
      if (may(ACTION.ASSIGN) && row.status === 1)
        out.push({
          label: 'Assign vehicles',
          icon: <IconLink size={14} />,
          onClick: () => setDialog({ kind: 'assign', row }),
        });
      if (may(ACTION.CHANGE_STATUS))
        out.push({
          label: row.status === 1 ? 'Deactivate' : 'Activate',
          icon: <IconPower size={14} />,
          onClick: () => setDialog({ kind: 'status', row }),
        });
      return out;
    };
    const cols: Col[] = [
      col.accessor('name', {
        header: 'Name',
        size: 220,
        meta: { label: 'Name', sortField: 'name' },
        cell: (c) => (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setDialog({ kind: 'details', row: c.row.original })}
          >
            {c.getValue()}
          </Anchor>
        ),
      }) as Col,
    ];
    if (kind === 'dealer') cols.push(text('code', 'Code', 100, 'code'));
    if (kind === 'driver') {
      cols.push(text('phone', 'Phone', 150), text('licenseNumber', 'Licence number', 170));
      cols.push(
        col.display({
          id: 'licenseExpiresOn',
          header: 'Licence expires',
          size: 140,
          meta: { label: 'Licence expires', sortField: 'licenseExpiresOn' },
          cell: (c) => formatDate(field(c.row.original, 'licenseExpiresOn')) || '—',
        }) as Col,
      );
    } else {
      cols.push(text('email', 'E-mail', 230), text('phone', 'Phone', 150), text('city', 'City', 120, 'city'));
    }
    if (showParent && parent)
      cols.push(
        col.display({
          id: 'parent',
          header: parent.label,
          size: 200,
          meta: { label: parent.label },
          cell: (c) => parentName(c.row.original),
        }) as Col,
      );
    cols.push(
      col.accessor('status', {
        header: 'Status',
        size: 100,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => <StatusBadge status={c.getValue()} />,
      }) as Col,
      col.display({
        id: 'actions',
        header: '',
        size: 60,
        enableHiding: false,
        cell: (c) => <RowActions name={c.row.original.name} actions={actionsFor(c.row.original)} />,
      }) as Col,
    );
    return cols;
  }, [permissions, kind, showParent, parentName]);

  const useList = LIST_HOOKS[kind];
  const openAdd = useCallback(() => setDialog({ kind: 'add' }), [setDialog]);

  const csvExport = useCsvExport(`the ${info.plural.toLowerCase()}`, async () => {
    const params = paramsRef.current ?? { page: 1, pageSize: 25, sort: null, q: '', filters: {} };
    const { items, total } = await getOrganisationsForExport(kind, params);
    const columnsOut = csvColumns(kind, showParent ? 'yes' : null);
    const rows = items.map((r) => {
      const withParent = { ...r, __parent: parentName(r) } as unknown as OrganisationRow;
      return Object.fromEntries(columnsOut.map(([header, get]) => [header, get(withParent)]));
    });
    const columns = columnsOut.map(([h]) => h);
    return cappedCsvFile({ fileName: info.fileName, columns, rows, total, noun: 'rows', which: 'the first' });
  });

  const statusTarget = dialog?.kind === 'status' ? dialog.row : null;
  const deactivating = statusTarget?.status === 1;

  return (
    <Stack gap="md">
      {may(ACTION.EXPORT) ? (
        <Group justify="flex-end">
          <ExportCsvButton {...csvExport} />
        </Group>
      ) : null}
      <UrlList
        filterKeys={info.filterKeys}
        useList={useList}
        searchLabel={`Search ${info.plural.toLowerCase()}`}
        filterDefs={filterDefs}
        addLabel={info.addLabel}
        onAdd={may(ACTION.ADD) ? openAdd : undefined}
        label={info.plural}
        tableId={`organisations-${kind}`}
        columns={columns}
        getRowId={getRowId}
        emptyText={`No ${info.plural.toLowerCase()} match these filters.`}
        paramsRef={paramsRef}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <Suspense fallback={<DialogLoading label="Loading the form" onClose={close} />}>
          <OrganisationFormModal
            kind={kind}
            row={dialog.kind === 'edit' ? dialog.row : undefined}
            creatorType={creatorType}
            onClose={close}
            onSubmit={async (body) => {
              if (dialog.kind === 'edit') {
                const saved = await update.mutateAsync({ id: dialog.row.id, body });
                notify.success(`Saved ${saved.name}`);
                close();
              } else {
                const saved = await create.mutateAsync(body);
                notify.success(`Added ${saved.name}`);
                setDialog({ kind: 'details', row: saved });
              }
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'details' ? (
        <OrganisationDetailsDrawer
          kind={kind}
          row={dialog.row}
          onClose={close}
          onAssign={() => setDialog({ kind: 'assign', row: dialog.row })}
        />
      ) : null}
      {dialog?.kind === 'assign' ? (
        <Suspense
          fallback={
            <DialogLoading
              label="Loading the vehicle picker"
              onClose={() => setDialog({ kind: 'details', row: dialog.row })}
            />
          }
        >
          <AssignVehiclesModal
            kind={kind}
            id={dialog.row.id}
            name={dialog.row.name}
            onClose={() => setDialog({ kind: 'details', row: dialog.row })}
            onAssign={async (vehicleIds) => {
              await assign.mutateAsync({ id: dialog.row.id, vehicleIds });
              notify.success(
                `Assigned ${vehicleIds.length === 1 ? 'a vehicle' : `${vehicleIds.length} vehicles`} to ${dialog.row.name}`,
              );
              setDialog({ kind: 'details', row: dialog.row });
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={statusTarget !== null}
        title={deactivating ? `Deactivate ${info.noun}` : `Activate ${info.noun}`}
        message={
          deactivating
            ? `Deactivate ${statusTarget?.name}? It stays in the list as inactive and gets no new vehicles until activated again.`
            : `Activate ${statusTarget?.name ?? ''}?`
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
        busy={setStatus.isPending}
        onClose={close}
        onConfirm={async () => {
          if (!statusTarget) return;
          const next = statusTarget.status === 1 ? 0 : 1;
          try {
            await setStatus.mutateAsync({ id: statusTarget.id, status: next });
            notify.success(`${next === 1 ? 'Activated' : 'Deactivated'} ${statusTarget.name}`);
            close();
          } catch (error) {
            notify.error(`Could not change ${statusTarget.name}`, { description: errorMessage(error) });
          }
        }}
      />
    </Stack>
  );
});
