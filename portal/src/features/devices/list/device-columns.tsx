import { Anchor, Badge } from '@mantine/core';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  BATTERY_CHEMISTRY_LABELS,
  COOLING_LABELS,
  DEVICE_STATE_LABELS,
  type DeviceState,
  MOTOR_TYPE_LABELS,
} from '@/domain/enums';
import { StatusBadge } from '@/shared/ui/data-table/status-badge';
import type { ApiDevice, DeviceKind } from './api/device-api';
import { formatDateTime } from '@/shared/lib/format';

const col = createColumnHelper<ApiDevice>();

/** "Ready (1)": the spec's BMS/MCU state label beside the raw code. */
export function deviceStateLabel(state: ApiDevice['state']): string {
  return state === 'F' ? 'SNA (F)' : `${DEVICE_STATE_LABELS[state as DeviceState] ?? 'Unknown'} (${state})`;
}

const label = <T extends Record<number, string>>(labels: T, value: number | undefined) =>
  value === undefined ? '—' : (labels[value as keyof T] ?? String(value));

/** The columns of a device list: the common ones plus the kind's own (BMS chemistry, cooling, cells; MCU motor). */
export function deviceColumns(
  kind: DeviceKind,
  modelName: (id: string | null) => string,
  actions: (d: ApiDevice) => ReactNode,
  /** The details page of the vehicle a device is fitted to, when the user may open it; null: the id as text. */
  vehicleHref: ((vehicleId: string) => string) | null = null,
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
): ColumnDef<ApiDevice, any>[] {
  const common = [
    col.accessor('id', { header: 'ID', size: 120, meta: { label: 'ID' } }),
    col.accessor('serialNumber', {
      header: 'Serial number',
      size: 170,
      meta: { label: 'Serial number', sortField: 'serialNumber' },
    }),
    col.accessor((d) => modelName(d.modelId), {
      id: 'model',
      header: 'Model',
      size: 165,
      meta: { label: 'Model', sortField: 'modelId' },
    }),
    col.accessor('firmwareVersion', {
      header: 'Firmware',
      size: 100,
      meta: { label: 'Firmware', sortField: 'firmwareVersion' },
    }),
    col.accessor('vehicleId', {
      header: 'Vehicle',
      size: 130,
      meta: { label: 'Vehicle' },
      cell: (c) => {
        const vehicleId = c.getValue();
        if (!vehicleId) return 'Unfitted';
        if (!vehicleHref) return vehicleId;
        return (
          <Anchor component={Link} to={vehicleHref(vehicleId)} size="sm" onClick={(e) => e.stopPropagation()}>
            {vehicleId}
          </Anchor>
        );
      },
    }),
  ];
  const own =
    kind === 'BMS'
      ? [
          col.accessor((d) => label(BATTERY_CHEMISTRY_LABELS, d.bms?.chemistry), {
            id: 'chemistry',
            header: 'Chemistry',
            size: 115,
            meta: { label: 'Chemistry' },
          }),
          col.accessor((d) => label(COOLING_LABELS, d.bms?.cooling), {
            id: 'cooling',
            header: 'Cooling',
            size: 115,
            meta: { label: 'Cooling' },
          }),
          col.accessor((d) => d.bms?.cellCount ?? '—', {
            id: 'cells',
            header: 'Cells',
            size: 70,
            meta: { label: 'Cells' },
          }),
          col.accessor((d) => (d.bms ? `${Math.round(d.bms.soc)} %` : '—'), {
            id: 'soc',
            header: 'SoC',
            size: 70,
            meta: { label: 'SoC' },
          }),
          col.accessor((d) => (d.bms ? `${Math.round(d.bms.soh)} %` : '—'), {
            id: 'soh',
            header: 'SoH',
            size: 70,
            meta: { label: 'SoH' },
          }),
          col.accessor((d) => d.bms?.cycleCount ?? '—', {
            id: 'cycles',
            header: 'Cycles',
            size: 80,
            meta: { label: 'Cycles' },
          }),
        ]
      : kind === 'MCU'
        ? [
            col.accessor((d) => label(MOTOR_TYPE_LABELS, d.mcu?.motorType), {
              id: 'motorType',
              header: 'Motor type',
              size: 110,
              meta: { label: 'Motor type' },
            }),
            col.accessor((d) => (d.mcu ? `${d.mcu.ratedPowerKw} kW` : '—'), {
              id: 'ratedPower',
              header: 'Rated power',
              size: 110,
              meta: { label: 'Rated power' },
            }),
          ]
        : [];
  const tail = [
    col.accessor('state', {
      header: 'State',
      size: 130,
      meta: { label: 'State', sortField: 'state' },
      cell: (c) => deviceStateLabel(c.getValue()),
    }),
    col.accessor('isLive', {
      header: 'Live',
      size: 95,
      meta: { label: 'Live', sortField: 'isLive' },
      cell: (c) => (
        <Badge color={c.getValue() ? 'green' : 'gray'} variant="light" size="sm">
          {c.getValue() ? 'Live' : 'Offline'}
        </Badge>
      ),
    }),
    col.accessor('lastSeenAt', {
      header: 'Last seen',
      size: 165,
      meta: { label: 'Last seen', sortField: 'lastSeenAt' },
      cell: (c) => formatDateTime(c.getValue()),
    }),
    col.accessor('status', {
      header: 'Status',
      size: 105,
      meta: { label: 'Status', sortField: 'status' },
      cell: (c) => <StatusBadge status={c.getValue()} />,
    }),
    col.display({ id: 'actions', header: '', size: 60, enableHiding: false, cell: (c) => actions(c.row.original) }),
  ];
  return [...common, ...own, ...tail];
}
