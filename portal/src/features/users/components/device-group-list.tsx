import { Badge, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { memo, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { formatDateTime } from '@/shared/lib/format';
import { DeleteDialog } from '@/shared/ui/data-table/confirm-dialog';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { type RowAction, RowActions } from '@/shared/ui/data-table/row-actions';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { OWNER_KIND_LABELS } from '@/shared/ui/device-group-picker';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { type ApiDeviceGroup, useDeleteDeviceGroup, useDeviceGroupList } from '../api/device-groups-api';

const FILTER_KEYS = ['ownerKind'] as const;
const FILTER_DEFS: FilterDef[] = [
  {
    key: 'ownerKind',
    label: 'Owner kind',
    options: Object.entries(OWNER_KIND_LABELS).map(([value, label]) => ({ value, label })),
  },
];
const col = createColumnHelper<ApiDeviceGroup>();
const getGroupId = (g: ApiDeviceGroup) => g.id;

/** The Device Group tab: groups of the owners in scope, with their members now; edit and delete behind `su.DG`. */
export const DeviceGroupList = memo(function DeviceGroupList() {
  const can = useCan();
  const navigate = useNavigate();
  const permissions = useAppState((s) => s.auth.permissions);
  const remove = useDeleteDeviceGroup();
  const [deleting, setDeleting] = useState<ApiDeviceGroup | null>(null);
  const mayUpdate = can('su.DG', ACTION.UPDATE);
  const rowHref = useMemo(
    () => (mayUpdate ? (g: ApiDeviceGroup) => paths.writeGroup.href({ id: g.id }) : undefined),
    [mayUpdate],
  );

  const actionsFor = (g: ApiDeviceGroup): RowAction[] => {
    const out: RowAction[] = [];
    if (mayUpdate)
      out.push({
        label: 'Edit',
        icon: <IconPencil size={14} />,
        onClick: () => navigate(paths.writeGroup.href({ id: g.id })),
      });
    if (can('su.DG', ACTION.DELETE))
      out.push({ label: 'Delete', color: 'red', icon: <IconTrash size={14} />, onClick: () => setDeleting(g) });
    return out;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: actionsFor reads `can` (from permissions) and stable setters
  const columns = useMemo(
    () => [
      col.accessor('name', {
        header: 'Name',
        size: 220,
        meta: { label: 'Name', sortField: 'name' },
        cell: (c) => (
          <div>
            <Text size="sm">{c.getValue()}</Text>
            {c.row.original.description ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {c.row.original.description}
              </Text>
            ) : null}
          </div>
        ),
      }),
      col.accessor('ownerKind', {
        header: 'Owner kind',
        size: 130,
        meta: { label: 'Owner kind', sortField: 'ownerKind' },
        cell: (c) => OWNER_KIND_LABELS[c.getValue()],
      }),
      col.accessor('ownerName', { header: 'Owner', size: 200, meta: { label: 'Owner' } }),
      col.accessor('mode', {
        header: 'Built by',
        size: 110,
        meta: { label: 'Built by' },
        cell: (c) => (
          <Badge variant="light" color={c.getValue() === 'pick' ? 'blue' : 'grape'}>
            {c.getValue() === 'pick' ? 'Picked' : 'Filter'}
          </Badge>
        ),
      }),
      col.accessor((g) => g.vehicleIds.length, {
        id: 'members',
        header: 'Vehicles',
        size: 100,
        meta: { label: 'Vehicles' },
      }),
      col.accessor('updatedAt', {
        header: 'Updated',
        size: 170,
        meta: { label: 'Updated', sortField: 'updatedAt' },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.display({
        id: 'actions',
        header: '',
        size: 60,
        enableHiding: false,
        cell: (c) => <RowActions name={c.row.original.name} actions={actionsFor(c.row.original)} />,
      }),
    ],
    [permissions],
  );

  return (
    <>
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useDeviceGroupList}
        searchLabel="Search device groups"
        filterDefs={FILTER_DEFS}
        label="Device groups"
        tableId="device-groups"
        columns={columns}
        getRowId={getGroupId}
        rowHref={rowHref}
        emptyText="No device groups match these filters."
      />
      <DeleteDialog
        item={deleting}
        title="Delete device group"
        confirmLabel="Delete group"
        busy={remove.isPending}
        name={(g) => `device group ${g.name}`}
        message={(g) =>
          `Delete the device group ${g.name}? Its ${g.vehicleIds.length} vehicles stay as they are; commands, rules and rollouts can no longer pick this group.`
        }
        onDelete={(g) => remove.mutateAsync(g.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
});
