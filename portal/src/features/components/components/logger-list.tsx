import { Badge, Button, Group } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { STATUS_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { DataTable } from '@/shared/ui/data-table/data-table';
import { listTableProps } from '@/shared/ui/data-table/list-table-props';
import { FilterBar } from '@/shared/ui/data-table/filter-bar';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { useListParams } from '@/shared/ui/data-table/use-list-params';
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

const FILTER_KEYS = ['status', 'assigned', 'oemId'] as const;
const col = createColumnHelper<ApiLogger>();
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short' });

type Dialog = { kind: 'add' } | { kind: 'edit' | 'delete'; logger: ApiLogger } | null;

/** Logger devices (telematics units): list, add, edit, delete. */
export function LoggerList() {
  const can = useCan();
  // `can` is a new function per render; the permissions it reads are what the memoised columns depend on.
  const permissions = useAppState((s) => s.auth.permissions);
  const may = (action: number) => can('cm', action);
  const [params, setParams] = useListParams(FILTER_KEYS);
  const list = useLoggers(params);
  const oems = useOems();
  const [dialog, setDialog] = useState<Dialog>(null);
  const create = useCreateLogger();
  const update = useUpdateLogger();
  const remove = useDeleteLogger();
  const close = () => setDialog(null);
  const target = dialog && dialog.kind !== 'add' ? dialog.logger : null;
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
        size: 140,
        meta: { label: 'Last seen', sortField: 'lastSeenAt' },
        cell: (c) => dateTime.format(new Date(c.getValue())),
      }),
      col.accessor('status', {
        header: 'Status',
        size: 100,
        meta: { label: 'Status', sortField: 'status' },
        cell: (c) => (
          <Badge color={c.getValue() === 1 ? 'teal' : 'gray'} variant="dot" size="sm">
            {STATUS_LABELS[c.getValue()]}
          </Badge>
        ),
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

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md">
        <FilterBar
          searchLabel="Search loggers"
          q={params.q}
          filters={params.filters}
          defs={[
            { key: 'oemId', label: 'OEM', options: oems.data ?? [] },
            {
              key: 'status',
              label: 'Status',
              options: [
                { value: '1', label: 'Active' },
                { value: '0', label: 'Inactive' },
              ],
            },
            {
              key: 'assigned',
              label: 'Fitted',
              options: [
                { value: 'true', label: 'Fitted' },
                { value: 'false', label: 'Unfitted' },
              ],
            },
          ]}
          onSearchChange={(q) => setParams({ q })}
          onFiltersChange={(filters) => setParams({ filters })}
        />
        {may(ACTION.ADD) ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
            Add logger
          </Button>
        ) : null}
      </Group>
      <DataTable
        label="Logger devices"
        tableId="loggers"
        columns={columns}
        {...listTableProps(list, params, setParams)}
        getRowId={(l) => l.id}
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
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete logger"
        message={target ? `Delete logger ${target.serialNumber}? It is removed from its vehicle first.` : ''}
        confirmLabel="Delete logger"
        busy={remove.isPending}
        onClose={close}
        onConfirm={async () => {
          if (!target) return;
          try {
            await remove.mutateAsync(target.id);
            notify.success(`Deleted logger ${target.serialNumber}`);
            close();
          } catch (error) {
            notify.error(`Could not delete logger ${target.serialNumber}`, { description: errorMessage(error) });
          }
        }}
      />
    </>
  );
}
