import { Button } from '@mantine/core';
import { IconLink, IconPencil, IconPower, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { memo, useCallback, useMemo } from 'react';
import { ACTION } from '@/domain/permissions';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { DeleteDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { STATUS_FILTER, yesNoFilter } from '@/shared/ui/data-table/list-filters';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { SingleFieldModal } from '@/shared/ui/data-table/single-field-modal';
import { StatusBadge } from '@/shared/ui/data-table/status-badge';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { notify } from '@/shared/ui/notify';
import {
  type ApiSimCard,
  useAssignSim,
  useChangeSimStatus,
  useCreateSim,
  useDeleteSim,
  useSimCards,
  useUpdateSim,
} from '../api/component-api';
import { SIM_OPERATORS, SimCardFormModal } from './sim-card-form-modal';
import { useDialogState } from '@/shared/ui/use-dialog-state';

const FILTER_KEYS = ['operator', 'status', 'assigned'] as const;
const col = createColumnHelper<ApiSimCard>();
const FILTER_DEFS: FilterDef[] = [
  { key: 'operator', label: 'Operator', options: SIM_OPERATORS.map((o) => ({ value: o, label: o })) },
  STATUS_FILTER,
  yesNoFilter('assigned', 'In a logger', 'Yes', 'No'),
];
const getSimId = (s: ApiSimCard) => s.id;

type Dialog = { kind: 'add' } | { kind: 'edit' | 'assign' | 'delete'; sim: ApiSimCard } | null;

/**
 * SIM cards of the loggers: list, add, edit, delete, put into a logger, activate or deactivate. Memoised: the tabs
 * page around it re-renders with the URL, and only the list (`UrlList`) needs to.
 */
export const SimCardList = memo(function SimCardList() {
  const can = useCan();
  // `can` is a new function per render; the permissions it reads are what the memoised columns depend on.
  const permissions = useAppState((s) => s.auth.permissions);
  const may = (action: number) => can('cm', action);
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const create = useCreateSim();
  const update = useUpdateSim();
  const remove = useDeleteSim();
  const assign = useAssignSim();
  const changeStatus = useChangeSimStatus();
  const close = () => setDialog(null);
  const target = dialog && dialog.kind !== 'add' ? dialog.sim : null;

  const actionsFor = (s: ApiSimCard): RowAction[] => {
    const out: RowAction[] = [];
    if (may(ACTION.UPDATE))
      out.push({ label: 'Edit', icon: <IconPencil size={14} />, onClick: () => setDialog({ kind: 'edit', sim: s }) });
    if (may(ACTION.ASSIGN) || (s.loggerId && may(ACTION.UNASSIGN)))
      out.push({
        label: 'Put into logger',
        icon: <IconLink size={14} />,
        onClick: () => setDialog({ kind: 'assign', sim: s }),
      });
    if (may(ACTION.CHANGE_STATUS)) {
      const status = s.status === 1 ? 0 : 1;
      out.push({
        label: status === 1 ? 'Activate' : 'Deactivate',
        icon: <IconPower size={14} />,
        onClick: async () => {
          try {
            await changeStatus.mutateAsync({ id: s.id, status });
            notify.success(`${status === 1 ? 'Activated' : 'Deactivated'} SIM ${s.iccid}`);
          } catch (error) {
            notify.error(`Could not change SIM ${s.iccid}`, { description: errorMessage(error) });
          }
        },
      });
    }
    if (may(ACTION.DELETE))
      out.push({
        label: 'Delete',
        color: 'red',
        icon: <IconTrash size={14} />,
        onClick: () => setDialog({ kind: 'delete', sim: s }),
      });
    return out;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: actionsFor reads `can` and stable mutation objects
  const columns = useMemo(
    () => [
      col.accessor('iccid', { header: 'ICCID', size: 200, meta: { label: 'ICCID', sortField: 'iccid' } }),
      col.accessor('msisdn', {
        header: 'Phone number',
        size: 150,
        meta: { label: 'Phone number', sortField: 'msisdn' },
      }),
      col.accessor('operator', { header: 'Operator', size: 110, meta: { label: 'Operator', sortField: 'operator' } }),
      col.accessor('loggerId', {
        header: 'Logger',
        size: 150,
        meta: { label: 'Logger' },
        cell: (c) => c.getValue() ?? 'Not in a logger',
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
        cell: (c) => <RowActions name={`SIM ${c.row.original.iccid}`} actions={actionsFor(c.row.original)} />,
      }),
    ],
    [permissions],
  );

  const openAdd = useCallback(() => setDialog({ kind: 'add' }), [setDialog]);

  return (
    <>
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useSimCards}
        searchLabel="Search SIM cards"
        filterDefs={FILTER_DEFS}
        addLabel="Add SIM card"
        onAdd={may(ACTION.ADD) ? openAdd : undefined}
        label="SIM cards"
        tableId="sim-cards"
        columns={columns}
        getRowId={getSimId}
        emptyText="No SIM cards match these filters."
      />
      <SimCardFormModal
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        sim={dialog?.kind === 'edit' ? dialog.sim : undefined}
        onClose={close}
        onSubmit={async (values) => {
          if (dialog?.kind === 'edit') {
            await update.mutateAsync({ id: dialog.sim.id, body: { msisdn: values.msisdn, operator: values.operator } });
            notify.success(`Saved SIM ${dialog.sim.iccid}`);
          } else {
            const saved = await create.mutateAsync(values);
            notify.success(`Added SIM ${saved.iccid}`);
          }
          close();
        }}
      />
      <SingleFieldModal
        opened={dialog?.kind === 'assign'}
        title={target ? `Put SIM ${target.iccid} into a logger` : 'Put into a logger'}
        description={
          target?.loggerId
            ? `Now in ${target.loggerId}. A logger holds one SIM card; its current one comes out.`
            : 'A logger holds one SIM card; its current one comes out.'
        }
        label="Logger ID"
        field="loggerId"
        initialValue={target?.loggerId ?? ''}
        submitLabel="Put in"
        extra={
          target?.loggerId && may(ACTION.UNASSIGN) ? (
            <Button
              variant="light"
              color="red"
              onClick={async () => {
                try {
                  await assign.mutateAsync({ id: target.id, loggerId: null });
                  notify.success(`Took SIM ${target.iccid} out of ${target.loggerId}`);
                  close();
                } catch (error) {
                  notify.error(`Could not take out SIM ${target.iccid}`, { description: errorMessage(error) });
                }
              }}
            >
              Take out
            </Button>
          ) : null
        }
        onClose={close}
        onSubmit={async (loggerId) => {
          if (!target) return;
          await assign.mutateAsync({ id: target.id, loggerId });
          notify.success(`Put SIM ${target.iccid} into ${loggerId}`);
          close();
        }}
      />
      <DeleteDialog
        item={dialog?.kind === 'delete' ? dialog.sim : null}
        name={(sim) => `SIM ${sim.iccid}`}
        title="Delete SIM card"
        message={(sim) => `Delete SIM card ${sim.iccid}? Vehicles that use it lose their SIM.`}
        confirmLabel="Delete SIM card"
        busy={remove.isPending}
        onClose={close}
        onDelete={(sim) => remove.mutateAsync(sim.id)}
      />
    </>
  );
});
