import { Button, Group } from '@mantine/core';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { IconCopy, IconLink, IconPencil, IconPlus, IconPower, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { paths } from '@/config/paths';
import { BATTERY_CHEMISTRY_LABELS, COOLING_LABELS, DEVICE_STATE_LABELS, MOTOR_TYPE_LABELS } from '@/domain/enums';
import { ACTION, type PermissionKey } from '@/domain/permissions';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { CsvTransferButtons } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { useCsvExport } from '@/shared/ui/csv-export/use-csv-export';
import { DeleteDialog } from '@/shared/ui/data-table/confirm-dialog';
import { countOf } from '@/shared/ui/csv-import/parse-import-csv';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { LIVE_FILTER, STATUS_FILTER, yesNoFilter } from '@/shared/ui/data-table/list-filters';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { SingleFieldModal } from '@/shared/ui/data-table/single-field-modal';
import { UrlList } from '@/shared/ui/data-table/url-list';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import {
  type ApiDevice,
  type DeviceImportRow,
  type DeviceKind,
  exportDevices,
  importDevices,
  useAssignDevice,
  useChangeDeviceStatus,
  useCloneDevice,
  useCreateDevice,
  useDeleteDevice,
  useDeviceList,
  useDeviceModels,
  useResyncDevice,
  useUpdateDevice,
} from './api/device-api';
import { deviceColumns } from './device-columns';
import { deviceImportConfig } from './device-import-config';
import { DeviceFormModal } from './device-form-modal';
import { FitVehicleModal } from './fit-vehicle-modal';
import { deviceKeys } from '@/shared/api/query-keys';
import { useDialogState } from '@/shared/ui/use-dialog-state';

// The CSV import (papaparse) loads when first opened, not with the list.
const CsvImportModal = lazy(() =>
  import('@/shared/ui/csv-import/csv-import-modal').then((m) => ({ default: m.CsvImportModal<DeviceImportRow> })),
);

const PERMISSION: Record<DeviceKind, PermissionKey> = { BMS: 'BMS.l', MCU: 'MCU.l', VCU: 'VCU.l' };
const DETAILS = { BMS: paths.bmsDetails, MCU: paths.mcuDetails, VCU: paths.vcuDetails } as const;
// Per kind, made once: the list's props stay the same object from one render of the page to the next.
const perKind = <V,>(make: (kind: DeviceKind) => V): Record<DeviceKind, V> => ({
  BMS: make('BMS'),
  MCU: make('MCU'),
  VCU: make('VCU'),
});
const DETAILS_HREF = perKind((kind) => (d: ApiDevice) => DETAILS[kind].href(d.id));
const ROW_LABEL = perKind((kind) => (d: ApiDevice) => `${kind} ${d.serialNumber}`);
const USE_LIST = perKind((kind) => (params: ListParams) => useDeviceList(kind, params));
const FITTED_FILTER = yesNoFilter('assigned', 'Fitted', 'Fitted', 'Unfitted');
const getDeviceId = (d: ApiDevice) => d.id;
/**
 * Columns the column chooser offers but a first visit does not show, so each list fits 1440 px (issue 18 item 11):
 * the internal id, the firmware version, and for a BMS its cycle count and last-seen time (the Live badge says whether
 * it reports now); each details page shows them.
 */
const HIDDEN_BY_DEFAULT: Record<DeviceKind, readonly string[]> = {
  BMS: ['id', 'firmwareVersion', 'cycles', 'lastSeenAt'],
  MCU: ['id', 'firmwareVersion'],
  VCU: ['id'],
};
const FILTER_KEYS: Record<DeviceKind, readonly string[]> = {
  BMS: ['status', 'state', 'modelId', 'isLive', 'assigned', 'chemistry', 'cooling'],
  MCU: ['status', 'state', 'modelId', 'isLive', 'assigned', 'motorType'],
  VCU: ['status', 'state', 'modelId', 'isLive', 'assigned'],
};

const options = (labels: Record<string | number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

type Dialog =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'edit' | 'clone' | 'assign' | 'delete'; device: ApiDevice }
  | null;

/** The master list of one device kind: filters, sort, search, add/edit/clone/delete, fit to a vehicle, status, resync. */
export function DeviceManagement({
  kind,
  route,
  description,
}: RoutePageProps & { kind: DeviceKind; description: string }) {
  const queryClient = useQueryClient();
  const can = useCan();
  // `can` is a new function per render; the permissions it reads are what the memoised columns depend on.
  const permissions = useAppState((s) => s.auth.permissions);
  const may = (action: number) => can(PERMISSION[kind], action);
  // What the list shows now, for the export (which the header starts).
  const params = useRef<ListParams | null>(null);
  const models = useDeviceModels(kind);
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const clone = useCloneDevice();
  const remove = useDeleteDevice();
  const assign = useAssignDevice();
  const changeStatus = useChangeDeviceStatus();
  const resync = useResyncDevice();
  const close = () => setDialog(null);

  const modelNames = useMemo(() => new Map((models.data ?? []).map((m) => [m.value, m.label])), [models.data]);
  const importConfig = useMemo(
    () => deviceImportConfig(kind, models.data ? new Set(models.data.map((m) => m.value)) : undefined),
    [kind, models.data],
  );

  const csvExport = useCsvExport(`${kind} devices`, async () => {
    if (!params.current) return null;
    const fileName = `${kind.toLowerCase()}-devices.csv`;
    return {
      fileName,
      csv: await exportDevices(kind, params.current),
      description: `${fileName} holds every device that matches the filters.`,
    };
  });

  const run = async (what: string, device: ApiDevice, fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      notify.success(done);
    } catch (error) {
      notify.error(`Could not ${what} ${device.serialNumber}`, { description: errorMessage(error) });
    }
  };

  const actionsFor = (d: ApiDevice): RowAction[] => {
    const list: RowAction[] = [];
    if (may(ACTION.UPDATE))
      list.push({
        label: 'Edit',
        icon: <IconPencil size={14} />,
        onClick: () => setDialog({ kind: 'edit', device: d }),
      });
    if (may(ACTION.CLONE))
      list.push({
        label: 'Clone',
        icon: <IconCopy size={14} />,
        onClick: () => setDialog({ kind: 'clone', device: d }),
      });
    if (may(ACTION.ASSIGN) || (d.vehicleId && may(ACTION.UNASSIGN)))
      list.push({
        label: 'Fit to vehicle',
        icon: <IconLink size={14} />,
        onClick: () => setDialog({ kind: 'assign', device: d }),
      });
    if (may(ACTION.CHANGE_STATUS)) {
      const status = d.status === 1 ? 0 : 1;
      list.push({
        label: status === 1 ? 'Activate' : 'Deactivate',
        icon: <IconPower size={14} />,
        onClick: () =>
          run(
            'change the status of',
            d,
            () => changeStatus.mutateAsync({ id: d.id, status }),
            `${status === 1 ? 'Activated' : 'Deactivated'} ${d.serialNumber}`,
          ),
      });
    }
    if (may(ACTION.RESYNC))
      list.push({
        label: 'Resync',
        icon: <IconRefresh size={14} />,
        onClick: () => run('resync', d, () => resync.mutateAsync(d.id), `Resync requested for ${d.serialNumber}`),
      });
    if (may(ACTION.DELETE))
      list.push({
        label: 'Delete',
        color: 'red',
        icon: <IconTrash size={14} />,
        onClick: () => setDialog({ kind: 'delete', device: d }),
      });
    return list;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: actionsFor reads `can` and stable mutation objects
  const columns = useMemo(
    () =>
      deviceColumns(
        kind,
        (id) => (id ? (modelNames.get(id) ?? id) : '—'),
        (d) => <RowActions name={d.serialNumber} actions={actionsFor(d)} />,
        can('vh.l.d') ? (id) => paths.vehicleDetails.href(id) : null,
      ),
    [kind, modelNames, permissions],
  );

  const modelOptions = models.data;
  const filterDefs = useMemo<FilterDef[]>(
    () => [
      STATUS_FILTER,
      {
        key: 'state',
        label: 'State',
        options: Object.entries(DEVICE_STATE_LABELS).map(([v, l]) => ({ value: v, label: `${l} (${v})` })),
      },
      { key: 'modelId', label: 'Model', options: modelOptions ?? [] },
      LIVE_FILTER,
      FITTED_FILTER,
      ...(kind === 'BMS'
        ? [
            { key: 'chemistry', label: 'Chemistry', options: options(BATTERY_CHEMISTRY_LABELS) },
            { key: 'cooling', label: 'Cooling', options: options(COOLING_LABELS) },
          ]
        : []),
      ...(kind === 'MCU' ? [{ key: 'motorType', label: 'Motor type', options: options(MOTOR_TYPE_LABELS) }] : []),
    ],
    [kind, modelOptions],
  );

  const editing = dialog?.kind === 'edit' ? dialog.device : undefined;
  const target = dialog && 'device' in dialog ? dialog.device : null;

  return (
    <>
      <PageHeader
        title={route.title}
        description={description}
        actions={
          <Group gap="xs">
            <CsvTransferButtons
              canExport={may(ACTION.EXPORT)}
              canImport={may(ACTION.IMPORT)}
              exporting={csvExport.exporting}
              onExport={csvExport.onExport}
              onImport={() => setDialog({ kind: 'import' })}
            />
            {may(ACTION.ADD) ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
                Add {kind}
              </Button>
            ) : null}
          </Group>
        }
      />
      <UrlList
        filterKeys={FILTER_KEYS[kind]}
        useList={USE_LIST[kind]}
        searchLabel={`Search ${kind} devices`}
        filterDefs={filterDefs}
        paramsRef={params}
        label={`${kind} devices`}
        tableId={`devices-${kind.toLowerCase()}`}
        columns={columns}
        getRowId={getDeviceId}
        rowHref={DETAILS_HREF[kind]}
        linkColumn="serialNumber"
        rowLabel={ROW_LABEL[kind]}
        emptyText={`No ${kind} devices match these filters.`}
        hiddenByDefault={HIDDEN_BY_DEFAULT[kind]}
      />

      <DeviceFormModal
        kind={kind}
        opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        device={editing}
        models={models.data ?? []}
        onClose={close}
        onSubmit={async (values) => {
          if (editing) {
            const saved = await update.mutateAsync({ id: editing.id, body: values });
            notify.success(`Saved ${saved.serialNumber}`);
          } else {
            const saved = await create.mutateAsync({ ...values, type: kind });
            notify.success(`Added ${kind} ${saved.serialNumber}`);
          }
          close();
        }}
      />
      <SingleFieldModal
        opened={dialog?.kind === 'clone'}
        title={target ? `Clone ${target.serialNumber}` : 'Clone'}
        description="The clone keeps the model and firmware and is not fitted to a vehicle."
        label="New serial number"
        field="serialNumber"
        submitLabel={`Clone ${kind}`}
        onClose={close}
        onSubmit={async (serialNumber) => {
          if (!target) return;
          await clone.mutateAsync({ id: target.id, serialNumber });
          notify.success(`Cloned ${target.serialNumber} as ${serialNumber}`);
          close();
        }}
      />
      <FitVehicleModal
        kind={kind}
        device={dialog?.kind === 'assign' ? dialog.device : null}
        canUnfit={may(ACTION.UNASSIGN)}
        onClose={close}
        onSubmit={async (vehicle) => {
          if (!target) return;
          await assign.mutateAsync({ id: target.id, vehicleId: vehicle?.value ?? null });
          notify.success(
            vehicle
              ? `Fitted ${target.serialNumber} to ${vehicle.label}`
              : `Removed ${target.serialNumber} from ${target.vehicleId}`,
          );
          close();
        }}
      />
      <DeleteDialog
        item={dialog?.kind === 'delete' ? dialog.device : null}
        name={(d) => d.serialNumber}
        title={`Delete ${kind}`}
        message={(d) => `Delete ${kind} ${d.serialNumber}? It is removed from its vehicle first.`}
        confirmLabel={`Delete ${kind}`}
        busy={remove.isPending}
        onClose={close}
        onDelete={(d) => remove.mutateAsync(d.id)}
      />
      <Suspense fallback={<DialogLoading label="Loading the import form" onClose={close} />}>
        {dialog?.kind === 'import' ? (
          <CsvImportModal
            config={importConfig}
            opened
            onClose={close}
            importBatch={(rows) => importDevices(kind, rows)}
            onImported={(created) => {
              notify.success(`Imported ${countOf(importConfig, created)}`);
              void queryClient.invalidateQueries({ queryKey: deviceKeys.lists() });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
