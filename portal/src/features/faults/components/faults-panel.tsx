import { paths } from '@/config/paths';
import { Anchor, Badge, Button, Chip, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { decodeSeverity } from '@/domain/enums';
import { toApiError } from '@/shared/api/api-client';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import { notify } from '@/shared/ui/notify';
import { useAcknowledgeFault } from '../api/acknowledge-fault';
import { type ApiFault, useFaults } from '../api/list-faults';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import { formatDateTime } from '@/shared/lib/format';

const SEVERITIES = [1, 2, 3, 4, 5] as const;
const PAGE_SIZE = 10;
const getFaultId = (f: ApiFault) => f.id;

export interface FaultsPanelProps {
  vehicleId?: string;
  deviceId?: string;
  /** Whether the user may acknowledge (the details key's Update bit). */
  canAcknowledge: boolean;
  /** Severities picked in the filter (kept by the page, e.g. in the store's `fault_data`). */
  severities: readonly number[];
  onSeveritiesChange: (severities: number[]) => void;
  /** An extra action per fault that the page composes in (Open ticket); with it the table has an Actions column. */
  rowAction?: (fault: ApiFault) => ReactNode;
}

/** Faults and alerts of a vehicle or device: filter by severity (in the severity colours), acknowledge, open details. */
export function FaultsPanel({
  vehicleId,
  deviceId,
  canAcknowledge,
  severities,
  onSeveritiesChange,
  rowAction,
}: FaultsPanelProps) {
  const [page, setPage] = useState(1);
  const query = useFaults({ vehicleId, deviceId, severities, page, pageSize: PAGE_SIZE });
  const acknowledge = useAcknowledgeFault();

  const handleAcknowledge = (fault: ApiFault) => {
    acknowledge.mutate(fault.id, {
      onSuccess: () => notify.success(`${fault.name} acknowledged`),
      onError: (error) => notify.error('The fault was not acknowledged', { description: toApiError(error).message }),
    });
  };

  const columns: CompactColumn<ApiFault>[] = [
    { header: 'Severity', cell: (fault) => <SeverityBadge severity={fault.severity} /> },
    {
      header: 'Fault',
      cell: (fault) => (
        <>
          <Anchor component={Link} to={paths.faultDetails.href(fault.id)} size="sm" fw={500}>
            {fault.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {fault.code}
          </Text>
        </>
      ),
    },
    { header: 'Kind', cell: (fault) => `${fault.kind} · ${fault.scope}` },
    { header: 'Device', cell: (fault) => fault.deviceKind },
    { header: 'Occurred', cell: (fault) => formatDateTime(fault.occurredAt) },
    {
      header: 'State',
      cell: (fault) =>
        fault.clearedAt ? (
          <Badge color="gray" variant="light">
            Cleared
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Active
          </Badge>
        ),
    },
    {
      header: 'Acknowledged',
      cell: (fault) =>
        fault.acknowledgedAt ? (
          <Text size="sm">{formatDateTime(fault.acknowledgedAt)}</Text>
        ) : canAcknowledge ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => handleAcknowledge(fault)}
            loading={acknowledge.isPending && acknowledge.variables === fault.id}
            aria-label={`Acknowledge ${fault.name}`}
          >
            Acknowledge
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Not yet
          </Text>
        ),
    },
  ];

  return (
    <Stack>
      <Chip.Group
        multiple
        value={severities.map(String)}
        onChange={(values) => {
          setPage(1);
          onSeveritiesChange(values.map(Number).sort());
        }}
      >
        <Group gap="xs" role="group" aria-label="Filter by severity">
          {SEVERITIES.map((s) => (
            <Chip key={s} value={String(s)} color={decodeSeverity(s).color} variant="outline">
              {decodeSeverity(s).label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading faults…
        </Text>
      ) : query.isError ? (
        <Text role="alert" c="red" size="sm">
          Faults could not be loaded: {toApiError(query.error).message}
        </Text>
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {severities.length > 0 ? 'No faults or alerts of these severities.' : 'No faults or alerts.'}
        </Text>
      ) : (
        <CompactTable
          label="Faults and alerts"
          highlightOnHover
          columns={rowAction ? [...columns, { header: 'Actions', cell: rowAction }] : columns}
          rows={query.data.items}
          getRowId={getFaultId}
          paging={{
            page,
            pageSize: PAGE_SIZE,
            total: query.data.total,
            onPageChange: setPage,
            label: 'Fault pages',
          }}
        />
      )}
    </Stack>
  );
}
