import { IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { memo, useCallback, useMemo } from 'react';
import { ACTION } from '@/domain/permissions';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { DeleteDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { STATUS_FILTER, yesNoFilter } from '@/shared/ui/data-table/list-filters';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { StatusBadge } from '@/shared/ui/data-table/status-badge';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { notify } from '@/shared/ui/notify';
import {
  type ApiLogger,
  useCreateLogger,
  useDeleteLogger,
  useLoggers,
  useOems,
  useUpdateLogger,
} from '../api/component-api';
import { LoggerFormModal } from './logger-form-modal';
import { formatDateTime } from '@/shared/lib/format';
import { useDialogState } from '@/shared/ui/use-dialog-state';

const FILTER_KEYS = ['status', 'assigned', 'oemId'] as const;
const col = createColumnHelper<ApiLogger>();
const FITTED_FILTER = yesNoFilter('assigned', 'Fitted', 'Fitted', 'Unfitted');
const getLoggerId = (l: ApiLogger) => l.id;

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; logger: ApiLogger } | null;

/**
 * Logger devices (telematics units): list, add, edit, delete. Memoised: the tabs page around it re-renders with the
 * URL, and only the list (`UrlList`) needs to.
 */
export const LoggerList = memo(function LoggerList() {
  const can = useCan();
  // `can` is a new function per render; the permissions it reads are what the memoised columns depend on.
  const permissions = useAppState((s) => s.auth.permissions);
  const may = (action: number) => can('cm', action);
  const oems = useOems();
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const create = useCreateLogger();
  const update = useUpdateLogger();
  const remove = useDeleteLogger();
  const close = () => setDialog(null);
  const oemNames = useMemo(() => new Map((oems.data ?? []).map((o) => [o.value, o.label])), [oems.data]);

  const actionsFor = (l: ApiLogger): RowAction[] => {
    const out: RowAction[] = [];
    if (may(ACTION.UPDATE))
      out.push({
        label: 'Edit',
        icon: <IconPencil size={14} />,
        onClick: () => setDialog({ kind: 'edit', logger: l }),
      });
    if (may(ACTION.DELETE))
      out.push({
        label: 'Delete',
        color: 'red',
        icon: <IconTrash size={14} />,
        onClick: () => setDialog({ kind: 'delete', logger: l }),
      });
    return out;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: actionsFor reads `can` and stable mutation objects
  const columns = useMemo(
    () => [
      col.accessor('serialNumber', {
        header: 'Serial number',
        size: 170,
        meta: { label: 'Serial number', sortField: 'serialNumber' },
      }),
      col.accessor((l) => l.imei ?? '—', { id: 'imei', header: 'IMEI', size: 170, meta: { label: 'IMEI' } }),
      col.accessor((l) => oemNames.get(l.oemId) ?? l.oemId, {
        id: 'oem',
        header: 'OEM',
        size: 140,
        meta: { label: 'OEM' },
      }),
      col.accessor('vehicleId', {
        header: 'Vehicle',
        size: 130,
        meta: { label: 'Vehicle' },
        cell: (c) => c.getValue() ?? 'Unfitted',
      }),
      col.accessor('firmwareVersion', {
        header: 'Firmware',
        size: 100,
        meta: { label: 'Firmware', sortField: 'firmwareVersion' },
      }),
      col.accessor('lastSeenAt', {
        header: 'Last seen',
        size: 165,
        meta: { label: 'Last seen', sortField: 'lastSeenAt' },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('status', {
        header: 'Status',
        size: 100,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => <StatusBadge status={c.getValue()} />,
      }),
      col.display({
        id: 'actions',
        header: '',
        size: 60,
        enableHiding: false,
        cell: (c) => <RowActions name={`logger ${c.row.original.serialNumber}`} actions={actionsFor(c.row.original)} />,
      }),
    ],
    [permissions, oemNames],
  );

  const oemOptions = oems.data;
  const filterDefs = useMemo<FilterDef[]>(
    () => [{ key: 'oemId', label: 'OEM', options: oemOptions ?? [] }, STATUS_FILTER, FITTED_FILTER],
    [oemOptions],
  );
  const openAdd = useCallback(() => setDialog({ kind: 'add' }), [setDialog]);

  return (
    <>
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useLoggers}
        searchLabel="Search loggers"
        filterDefs={filterDefs}
        addLabel="Add logger"
        onAdd={may(ACTION.ADD) ? openAdd : undefined}
        label="Logger devices"
        tableId="loggers"
        columns={columns}
        getRowId={getLoggerId}
        emptyText="No loggers match these filters."
      />
      <LoggerFormModal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        logger={dialog?.kind === 'edit' ? dialog.logger : undefined}
        oems={oems.data ?? []}
        onClose={close}
        onSubmit={async ({ oemId, ...values }) => {
          if (dialog?.kind === 'edit') {
            await update.mutateAsync({ id: dialog.logger.id, body: values });
            notify.success(`Saved logger ${values.serialNumber}`);
          } else {
            const saved = await create.mutateAsync({ ...values, oemId });
            notify.success(`Added logger ${saved.serialNumber}`);
          }
          close();
        }}
      />
      <DeleteDialog
        item={dialog?.kind === 'delete' ? dialog.logger : null}
        name={(l) => `logger ${l.serialNumber}`}
        title="Delete logger"
        message={(l) => `Delete logger ${l.serialNumber}? It is removed from its vehicle first.`}
        confirmLabel="Delete logger"
        busy={remove.isPending}
        onClose={close}
        onDelete={(l) => remove.mutateAsync(l.id)}
      />
    </>
  );
});
