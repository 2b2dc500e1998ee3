import { createColumnHelper } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { STATUS_LABELS, VEHICLE_STATE_LABELS, type VehicleState } from '@/domain/enums';
import type { ApiVehicle } from './api/list-vehicles';
import classes from './vehicle-columns.module.css';
import { formatDateTime } from '@/shared/lib/format';

const col = createColumnHelper<ApiVehicle>();

/** "StandBy (0)": the spec's label beside the raw code, so both operators and engineers read it. */
export function stateCodeLabel(code: ApiVehicle['stateCode']): string {
  const label = VEHICLE_STATE_LABELS[code as VehicleState] ?? 'Unknown';
  return code === 'F' ? 'SNA (F)' : `${label} (${code})`;
}

function ownerOf(v: ApiVehicle): string {
  const parts = [
    v.names?.fleet && `Fleet: ${v.names?.fleet}`,
    v.names?.dealer && `Service centre: ${v.names?.dealer}`,
    v.names?.evOwner && `Owner: ${v.names?.evOwner}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Unassigned';
}

/** The columns of the vehicle list; `actions` renders the per-row action menu. */
export function vehicleColumns(actions: (v: ApiVehicle) => ReactNode) {
  return [
    col.accessor('id', { header: 'ID', size: 110, meta: { label: 'ID' } }),
    col.accessor('vin', { header: 'VIN', size: 190, meta: { label: 'VIN', sortField: 'vin' } }),
    col.accessor('registrationNumber', {
      header: 'Registration',
      size: 130,
      meta: { label: 'Registration', sortField: 'registrationNumber' },
    }),
    col.accessor('vehicleType', { header: 'Type', size: 100, meta: { label: 'Type', sortField: 'vehicleType' } }),
    col.accessor((v) => v.names?.model ?? v.modelId, {
      id: 'model',
      header: 'Model',
      size: 120,
      meta: { label: 'Model', sortField: 'modelId' },
    }),
    col.accessor((v) => v.names?.oem ?? v.oemId, {
      id: 'oem',
      header: 'OEM',
      size: 130,
      meta: { label: 'OEM', sortField: 'oemId' },
    }),
    col.accessor(ownerOf, {
      id: 'owner',
      header: 'Owner / fleet / dealer',
      size: 170,
      meta: { label: 'Owner / fleet / dealer' },
      // A title, not a Tooltip: one floating element per cell costs frames when 1,000 rows scroll.
      cell: (c) => (
        <span className={classes.truncate} title={c.getValue()}>
          {c.getValue()}
        </span>
      ),
    }),
    col.accessor('connectivity', {
      header: 'Connectivity',
      size: 110,
      meta: { label: 'Connectivity', sortField: 'connectivity' },
    }),
    col.accessor('stateCode', {
      header: 'State',
      size: 150,
      meta: { label: 'State', sortField: 'stateCode' },
      cell: (c) => stateCodeLabel(c.getValue()),
    }),
    col.accessor('isLive', {
      header: 'Live',
      size: 95,
      meta: { label: 'Live', sortField: 'isLive' },
      cell: (c) =>
        c.getValue() ? (
          <span className={`${classes.badge} ${classes.live}`}>Live</span>
        ) : (
          <span className={`${classes.badge} ${classes.offline}`}>Offline</span>
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
      size: 100,
      meta: { label: 'Status', sortField: 'status' },
      cell: (c) => (
        <span
          className={`${classes.badge} ${classes.dot}`}
          style={
            { '--dot-color': `var(--mantine-color-${c.getValue() === 1 ? 'teal' : 'gray'}-filled)` } as CSSProperties
          }
        >
          {STATUS_LABELS[c.getValue()]}
        </span>
      ),
    }),
    col.accessor('soc', {
      header: 'SoC',
      size: 110,
      meta: { label: 'SoC', sortField: 'soc' },
      cell: (c) => {
        const soc = c.getValue();
        const color = soc < 20 ? 'red' : soc < 50 ? 'yellow' : 'teal';
        return (
          // The bar is the span's own `::before` (a gradient), not two more elements per row.
          <span
            className={classes.soc}
            style={{ '--soc': `${soc}%`, '--bar-color': `var(--mantine-color-${color}-filled)` } as CSSProperties}
          >
            {Math.round(soc)} %
          </span>
        );
      },
    }),
    col.display({ id: 'actions', header: '', size: 60, enableHiding: false, cell: (c) => actions(c.row.original) }),
  ];
}
