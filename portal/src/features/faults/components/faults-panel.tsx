import { paths } from '@/config/paths';
import { Anchor, Badge, Button, Chip, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { FAULT_SEVERITY_LABELS, type FaultSeverity, faultSeverityColor } from '@/domain/enums';
import { toApiError } from '@/shared/api/api-client';
import { notify } from '@/shared/ui/notify';
import { useAcknowledgeFault } from '../api/acknowledge-fault';
import { type ApiFault, useFaults } from '../api/list-faults';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import { formatDateTime } from '@/shared/lib/format';

const SEVERITIES = [1, 2, 3, 4, 5] as const;
const PAGE_SIZE = 10;

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
            <Chip
              key={s}
              value={String(s)}
              color={faultSeverityColor(s as FaultSeverity) ?? '#7A1F2E'}
              variant="outline"
            >
              {FAULT_SEVERITY_LABELS[s as FaultSeverity]}
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
        <>
          <Table striped highlightOnHover aria-label="Faults and alerts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Severity</Table.Th>
                <Table.Th>Fault</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th>Occurred</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Acknowledged</Table.Th>
                {rowAction ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((fault) => (
                <Table.Tr key={fault.id}>
                  <Table.Td>
                    <SeverityBadge severity={fault.severity} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.faultDetails.href(fault.id)} size="sm" fw={500}>
                      {fault.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {fault.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {fault.kind} · {fault.scope}
                  </Table.Td>
                  <Table.Td>{fault.deviceKind}</Table.Td>
                  <Table.Td>{formatDateTime(fault.occurredAt)}</Table.Td>
                  <Table.Td>
                    {fault.clearedAt ? (
                      <Badge color="gray" variant="light">
                        Cleared
                      </Badge>
                    ) : (
                      <Badge color="red" variant="light">
                        Active
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {fault.acknowledgedAt ? (
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
                    )}
                  </Table.Td>
                  {rowAction ? <Table.Td>{rowAction(fault)}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {query.data.total > PAGE_SIZE ? (
            <Pagination
              total={Math.ceil(query.data.total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Fault pages"
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
