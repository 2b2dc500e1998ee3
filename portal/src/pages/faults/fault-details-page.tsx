import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { paths } from '@/config/paths';
import { ACTION, type PermissionKey } from '@/domain/permissions';
import { toApiError } from '@/shared/api/api-client';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';
import { useAcknowledgeFault } from '@/features/faults/api/acknowledge-fault';
import { useFault } from '@/features/faults/api/get-fault';
import { useFaultCommands, useFaultNotifications } from '@/features/faults/api/list-fault-context';
import { FaultTimeline, timelineOf } from '@/features/faults/components/fault-timeline';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import { formatDateTime } from '@/shared/lib/format';
import { FaultTickets } from '@/features/tickets/components/fault-tickets';
import { OpenTicketButton } from '@/features/tickets/components/open-ticket-button';

const DEVICE_DETAILS = { BMS: paths.bmsDetails, MCU: paths.mcuDetails, VCU: paths.vcuDetails } as const;
const FAULT_KEY: Record<string, PermissionKey> = { BMS: 'BMS.l.d.f', MCU: 'MCU.l.d.f' };
const COMMAND_STATUS = { 1: ['Pending', 'yellow'], 2: ['Success', 'green'], 3: ['Failed', 'red'] } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** One fault or alert: its timeline, affected device, severity, related commands and tickets. */
export function FaultDetailsPage({ route }: RoutePageProps) {
  const { id = '' } = useParams();
  const can = useCan();
  const query = useFault(id);
  const fault = query.data;
  const canSeeNotifications = can({ anyOf: ['rule.h', 'vh.l.d.n', 'BMS.l.d.n', 'MCU.l.d.n'] });
  const canSeeCommands = can({ anyOf: ['cmd', 'vh.l.d.c', 'BMS.l.d.c', 'MCU.l.d.c', 'VCU.l.d.c'] });
  const notifications = useFaultNotifications(fault, canSeeNotifications);
  const commands = useFaultCommands(fault, canSeeCommands);
  const acknowledge = useAcknowledgeFault();
  const canAcknowledge = fault ? can(FAULT_KEY[fault.deviceKind] ?? 'vh.l.d.f', ACTION.UPDATE) : false;

  const handleAcknowledge = () => {
    if (!fault) return;
    acknowledge.mutate(fault.id, {
      onSuccess: () => notify.success(`${fault.name} acknowledged`),
      onError: (error) => notify.error('The fault was not acknowledged', { description: toApiError(error).message }),
    });
  };

  return (
    <>
      <PageHeader
        title={route.title}
        description={fault ? `${fault.name} (${fault.code})` : undefined}
        actions={
          <Group>
            {fault ? (
              <OpenTicketButton
                vehicleId={fault.vehicleId}
                source="fault"
                faultId={fault.id}
                title={`${fault.name} (${fault.code})`}
              />
            ) : null}
            {fault && !fault.acknowledgedAt && canAcknowledge ? (
              <Button onClick={handleAcknowledge} loading={acknowledge.isPending}>
                Acknowledge
              </Button>
            ) : null}
            <Badge variant="light" size="lg" radius="sm">
              ID {id}
            </Badge>
          </Group>
        }
      />
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading fault" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title="The fault could not be loaded" role="alert">
          {toApiError(query.error).message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack>
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="xs">
                Fault
              </Title>
              <Table aria-label="Fault">
                <Table.Tbody>
                  <Field label="Severity">
                    <SeverityBadge severity={query.data.severity} />
                  </Field>
                  <Field label="Kind">{query.data.kind}</Field>
                  <Field label="Scope">{query.data.scope}</Field>
                  <Field label="Code">{query.data.code}</Field>
                  <Field label="State">
                    <Badge color={query.data.clearedAt ? 'gray' : 'red'} variant="light">
                      {query.data.clearedAt ? 'Cleared' : 'Active'}
                    </Badge>
                  </Field>
                  <Field label="Acknowledged">
                    {query.data.acknowledgedAt ? formatDateTime(query.data.acknowledgedAt, true) : 'Not yet'}
                  </Field>
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="xs">
                Affected device
              </Title>
              <Table aria-label="Affected device">
                <Table.Tbody>
                  <Field label="Vehicle">
                    <Anchor component={Link} to={paths.vehicleDetails.href(query.data.vehicleId)} size="sm">
                      {query.data.vehicleId}
                    </Anchor>
                  </Field>
                  <Field label="Device">
                    {query.data.deviceKind === 'EV' || !query.data.deviceId ? (
                      'The vehicle itself (EV)'
                    ) : (
                      <Anchor
                        component={Link}
                        to={DEVICE_DETAILS[query.data.deviceKind].href(query.data.deviceId)}
                        size="sm"
                      >
                        {query.data.deviceKind} {query.data.deviceId}
                      </Anchor>
                    )}
                  </Field>
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="xs">
                Related commands
              </Title>
              {!canSeeCommands ? (
                <Text size="sm" c="dimmed">
                  Your role may not see commands.
                </Text>
              ) : commands.isPending ? (
                <Loader size="sm" aria-label="Loading commands" />
              ) : commands.isError ? (
                <Text c="red" size="sm" role="alert">
                  {toApiError(commands.error).message}
                </Text>
              ) : commands.data.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No command was sent to this {query.data.deviceKind === 'EV' ? 'vehicle' : 'device'} while the fault
                  was active.
                </Text>
              ) : (
                <Table aria-label="Related commands">
                  <Table.Tbody>
                    {commands.data.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{formatDateTime(c.sentAt, true)}</Table.Td>
                        <Table.Td>
                          <Badge color={COMMAND_STATUS[c.status][1]} variant="light">
                            {COMMAND_STATUS[c.status][0]}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="xs">
                Related tickets
              </Title>
              <FaultTickets faultId={id} />
            </Card>
          </Stack>
          <Card withBorder radius="md">
            <Title order={2} size="h5" mb="md">
              Timeline
            </Title>
            {(canSeeNotifications && notifications.isPending) || (canSeeCommands && commands.isPending) ? (
              <Loader size="sm" aria-label="Loading timeline" />
            ) : (
              <FaultTimeline
                entries={timelineOf(query.data, notifications.data ?? [], commands.data ?? [])}
                active={query.data.clearedAt === null}
              />
            )}
            {notifications.isError ? (
              <Text c="red" size="sm" role="alert" mt="sm">
                Notifications could not be loaded: {toApiError(notifications.error).message}
              </Text>
            ) : null}
          </Card>
        </SimpleGrid>
      )}
    </>
  );
}
