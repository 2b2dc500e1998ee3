import { Button, Group } from '@mantine/core';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { paths } from '@/config/paths';
import { CONNECTIVITY, VEHICLE_STATE_LABELS, VEHICLE_TYPES } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { CsvTransferButtons } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { useCsvExport } from '@/shared/ui/csv-export/use-csv-export';
import { DeleteDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { LIVE_FILTER, STATUS_FILTER } from '@/shared/ui/data-table/list-filters';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { type ApiVehicle, useVehicleList, vehiclesQueryOptions } from '@/features/vehicles/list/api/list-vehicles';
import { useVehicleLookups } from '@/features/vehicles/list/api/vehicle-lookups';
import {
  exportVehicles,
  importVehicles,
  useAssignVehicle,
  useChangeVehicleStatus,
  useCloneVehicle,
  useCreateVehicle,
  useDeleteVehicle,
  useResyncVehicle,
  useUpdateVehicle,
} from '@/features/vehicles/list/api/vehicle-mutations';
import { AssignVehicleModal } from '@/features/vehicles/list/assign-vehicle-modal';
import { vehicleColumns } from '@/features/vehicles/list/vehicle-columns';
import { type VehicleAction, VehicleRowActions } from '@/features/vehicles/list/vehicle-row-actions';
import { vehicleKeys } from '@/shared/api/query-keys';
import { useDialogState } from '@/shared/ui/use-dialog-state';

// Forms (react-hook-form + zod) and the CSV import (papaparse) load when first opened, not with the list.
const VehicleFormModal = lazy(() =>
  import('@/features/vehicles/list/vehicle-form-modal').then((m) => ({ default: m.VehicleFormModal })),
);
const CloneVehicleModal = lazy(() =>
  import('@/features/vehicles/list/clone-vehicle-modal').then((m) => ({ default: m.CloneVehicleModal })),
);
const VehicleImportModal = lazy(() =>
  import('@/features/vehicles/list/vehicle-import-modal').then((m) => ({ default: m.VehicleImportModal })),
);

const FILTER_KEYS = ['status', 'stateCode', 'vehicleType', 'modelId', 'oemId', 'connectivity', 'isLive'] as const;

const STATE_OPTIONS = Object.entries(VEHICLE_STATE_LABELS)
  .sort(([a], [b]) => (a === 'F' ? 1 : b === 'F' ? -1 : Number(a) - Number(b)))
  .map(([value, label]) => ({ value, label: `${label} (${value})` }));

const getVehicleId = (v: ApiVehicle) => v.id;
const vehicleRowLabel = (v: ApiVehicle) => `Vehicle ${v.vin}`;
const vehicleHref = (v: ApiVehicle) => paths.vehicleDetails.href(v.id);
const fleetVehicleHref = (v: ApiVehicle) => paths.fleetVehicleDetails.href(v.id);
/**
 * Columns left to the column chooser at first, so the list fits a 1440 px screen (#18 item 11): the type and OEM are
 * in the model's name, and Last seen tells what Live does.
 */
const HIDDEN_BY_DEFAULT = ['id', 'vehicleType', 'oem', 'isLive'];

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'clone' | 'assign' | 'delete'; vehicle: ApiVehicle }
  | { kind: 'import' }
  | null;

/**
 * Every vehicle you may see (the server scopes fleet and service-centre users), with its model, owner and state.
 *
 * The list's params live in the URL, and only `UrlList` reads them (and the router): a filter, sort or page change
 * re-renders the filter bar and the table, not this page's header and dialogs.
 */
export function VehicleManagementPage({ route }: RoutePageProps) {
  const queryClient = useQueryClient();
  // The next page is requested in the event that changes the params, not after React has rendered the change.
  const prefetch = useCallback(
    (next: ListParams) => void queryClient.prefetchQuery(vehiclesQueryOptions(next)),
    [queryClient],
  );
  const can = useCan();
  // `can` is a new function per render; the permissions it reads are what the memoised columns depend on.
  const permissions = useAppState((s) => s.auth.permissions);
  // What the list shows now, for the export (which the header starts).
  const params = useRef<ListParams | null>(null);
  const lookups = useVehicleLookups();
  const [dialog, setDialog] = useDialogState<NonNullable<Dialog>>();
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const clone = useCloneVehicle();
  const remove = useDeleteVehicle();
  const assign = useAssignVehicle();
  const changeStatus = useChangeVehicleStatus();
  const resync = useResyncVehicle();

  const may = (action: number) => can('vh.l', action);
  const canAssign = may(ACTION.ASSIGN);
  const canUnassign = may(ACTION.UNASSIGN);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `may` reads `can`, which changes with the permissions
  const allowed = useMemo(() => {
    const set = new Set<VehicleAction>();
    if (may(ACTION.UPDATE)) set.add('edit');
    if (may(ACTION.CLONE)) set.add('clone');
    if (canAssign || canUnassign) set.add('assign');
    if (may(ACTION.CHANGE_STATUS)) set.add('status');
    if (may(ACTION.RESYNC)) set.add('resync');
    if (may(ACTION.DELETE)) set.add('delete');
    return set;
  }, [permissions]);

  const handleAction = async (action: VehicleAction, vehicle: ApiVehicle) => {
    if (action === 'edit' || action === 'clone' || action === 'assign' || action === 'delete') {
      setDialog({ kind: action, vehicle });
      return;
    }
    try {
      if (action === 'status') {
        const status = vehicle.status === 1 ? 0 : 1;
        await changeStatus.mutateAsync({ id: vehicle.id, status });
        notify.success(status === 1 ? `Activated ${vehicle.vin}` : `Deactivated ${vehicle.vin}`);
      } else {
        await resync.mutateAsync(vehicle.id);
        notify.success(`Resync requested for ${vehicle.vin}`);
      }
    } catch (error) {
      notify.error(`Could not ${action === 'status' ? 'change the status of' : 'resync'} ${vehicle.vin}`, {
        description: errorMessage(error),
      });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: handleAction only closes over stable mutation objects
  const columns = useMemo(
    () => vehicleColumns((v) => <VehicleRowActions vehicle={v} allowed={allowed} onAction={handleAction} />),
    [allowed],
  );

  const models = lookups.data?.models;
  const oems = lookups.data?.oems;
  const modelIds = useMemo(() => models?.map((m) => m.value), [models]);
  const filterDefs = useMemo<FilterDef[]>(
    () => [
      STATUS_FILTER,
      { key: 'stateCode', label: 'State', options: STATE_OPTIONS },
      { key: 'vehicleType', label: 'Type', options: VEHICLE_TYPES.map((t) => ({ value: t, label: t })) },
      { key: 'modelId', label: 'Model', options: models ?? [] },
      { key: 'oemId', label: 'OEM', options: oems ?? [] },
      { key: 'connectivity', label: 'Connectivity', options: CONNECTIVITY.map((c) => ({ value: c, label: c })) },
      LIVE_FILTER,
    ],
    [models, oems],
  );

  const csvExport = useCsvExport('vehicles', async () => {
    if (!params.current) return null;
    const { page: _page, pageSize: _size, ...query } = toListQuery(params.current);
    return {
      fileName: 'vehicles.csv',
      csv: await exportVehicles(query),
      description: 'vehicles.csv holds every vehicle that matches the filters.',
    };
  });

  const close = () => setDialog(null);
  const editing = dialog?.kind === 'edit' ? dialog.vehicle : undefined;

  return (
    <>
      <PageHeader
        title={route.title}
        description="Every vehicle you may see, with its model, owner and state."
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
                Add vehicle
              </Button>
            ) : null}
          </Group>
        }
      />
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useVehicleList}
        prefetch={prefetch}
        searchLabel="Search vehicles"
        filterDefs={filterDefs}
        paramsRef={params}
        label="Vehicles"
        tableId="vehicles"
        columns={columns}
        getRowId={getVehicleId}
        rowHref={route.params?.scope === 'fleet' ? fleetVehicleHref : vehicleHref}
        linkColumn="vin"
        rowLabel={vehicleRowLabel}
        emptyText="No vehicles match these filters."
        hiddenByDefault={HIDDEN_BY_DEFAULT}
      />

      <Suspense fallback={<DialogLoading label="Loading the vehicle form" onClose={close} />}>
        {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
          <VehicleFormModal
            opened={dialog?.kind === 'add' || dialog?.kind === 'edit'}
            vehicle={editing}
            models={lookups.data?.models ?? []}
            onClose={close}
            onSubmit={async (values) => {
              if (editing) {
                const { status: _status, ...patch } = values;
                const saved = await update.mutateAsync({ id: editing.id, body: patch });
                notify.success(`Saved ${saved.vin}`);
              } else {
                const saved = await create.mutateAsync({ ...values, status: values.status === '1' ? 1 : 0 });
                notify.success(`Added vehicle ${saved.vin}`);
              }
              close();
            }}
          />
        ) : null}
        {dialog?.kind === 'clone' ? (
          <CloneVehicleModal
            source={dialog?.kind === 'clone' ? dialog.vehicle : null}
            onClose={close}
            onSubmit={async (values) => {
              if (dialog?.kind !== 'clone') return;
              const saved = await clone.mutateAsync({ id: dialog.vehicle.id, body: values });
              notify.success(`Cloned ${dialog.vehicle.vin} as ${saved.vin}`);
              close();
            }}
          />
        ) : null}
      </Suspense>
      <AssignVehicleModal
        vehicle={dialog?.kind === 'assign' ? dialog.vehicle : null}
        lookups={lookups.data}
        canAssign={canAssign}
        canUnassign={canUnassign}
        onClose={close}
        onSubmit={async (body) => {
          if (dialog?.kind !== 'assign') return;
          await assign.mutateAsync({ id: dialog.vehicle.id, body });
          notify.success(body.targetId ? `Assigned ${dialog.vehicle.vin}` : `Unassigned ${dialog.vehicle.vin}`);
          close();
        }}
      />
      <DeleteDialog
        item={dialog?.kind === 'delete' ? dialog.vehicle : null}
        name={(v) => v.vin}
        title="Delete vehicle"
        message={(v) => `Delete vehicle ${v.vin} (${v.registrationNumber})? Its devices stay, unfitted.`}
        confirmLabel="Delete vehicle"
        busy={remove.isPending}
        onClose={close}
        onDelete={(v) => remove.mutateAsync(v.id)}
      />
      <Suspense fallback={<DialogLoading label="Loading the import form" onClose={close} />}>
        {dialog?.kind === 'import' ? (
          <VehicleImportModal
            opened
            modelIds={modelIds}
            onClose={close}
            importBatch={importVehicles}
            onImported={(created) => {
              notify.success(`Imported ${created} ${created === 1 ? 'vehicle' : 'vehicles'}`);
              void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists() });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
