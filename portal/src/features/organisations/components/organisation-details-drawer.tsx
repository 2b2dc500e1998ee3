import { Anchor, Badge, Button, Drawer, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TICKET_STATUS_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import { TICKET_PRIORITY_LABELS } from '@/domain/tickets';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/shared/lib/format';
import { ConfirmDialog } from '@/shared/ui/data-table/confirm-dialog';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { StatusBadge } from '@/shared/ui/data-table/status-badge';
import { notify } from '@/shared/ui/notify';
import { QueryState } from '@/shared/ui/query-state';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import {
  type OrganisationDetails,
  type OrganisationRow,
  type OrganisationVehicle,
  useOrganisationDetails,
  useUnassignVehicles,
} from '../api/organisations-api';
import { KIND_INFO, licenceState, type OrganisationKind } from '../lib/organisation-kinds';

export interface OrganisationDetailsDrawerProps {
  kind: OrganisationKind;
  row: OrganisationRow;
  onClose: () => void;
  /** Opens the assign picker (offered only with the Assign bit, for an active organisation). */
  onAssign: () => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

function LicenceBadge({ expiresOn }: { expiresOn: string | null | undefined }) {
  const state = licenceState(expiresOn, Date.now());
  if (state === 'expired') return <Badge color="red">Expired</Badge>;
  if (state === 'soon')
    return (
      <Badge color="yellow" c="dark">
        Expires soon
      </Badge>
    );
  return state === 'valid' ? (
    <Badge color="teal" variant="light">
      Valid
    </Badge>
  ) : null;
}

/** The contact data of the row, and where it belongs. */
function Contact({
  kind,
  row,
  details,
}: {
  kind: OrganisationKind;
  row: OrganisationRow;
  details?: OrganisationDetails;
}) {
  const r = row as unknown as Partial<Record<string, string | null>>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {kind === 'dealer' ? <Field label="Code">{r.code}</Field> : null}
      <Field label="E-mail">{r.email}</Field>
      <Field label="Phone">{r.phone}</Field>
      {kind !== 'driver' ? <Field label="City">{r.city}</Field> : null}
      {kind !== 'driver' ? <Field label="Address">{r.address}</Field> : null}
      {kind === 'driver' ? <Field label="Licence number">{r.licenseNumber}</Field> : null}
      {kind === 'driver' ? (
        <Field label="Licence expires on">
          {r.licenseExpiresOn ? (
            <Group gap="xs" component="span">
              {formatDate(r.licenseExpiresOn)} <LicenceBadge expiresOn={r.licenseExpiresOn} />
            </Group>
          ) : null}
        </Field>
      ) : null}
      {details?.oemName ? <Field label="OEM">{details.oemName}</Field> : null}
      {kind === 'fleet' || kind === 'evOwner' ? <Field label="Service centre">{details?.dealerName}</Field> : null}
      {kind === 'driver' ? <Field label="Fleet">{details?.fleetName}</Field> : null}
      <Field label="Added">{formatDate(row.createdAt)}</Field>
    </SimpleGrid>
  );
}

function Section({
  title,
  count,
  children,
  action,
}: {
  title: string;
  count?: number;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {title}
          {count !== undefined ? ` (${count})` : ''}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function More({ shown, total }: { shown: number; total: number }) {
  return total > shown ? (
    <Text size="xs" c="dimmed">
      Showing {shown} of {total}.
    </Text>
  ) : null;
}

/**
 * What a user of each organisation looks for: contact data; its vehicles (a driver: the one it drives) with assign and
 * unassign; a fleet's drivers; a service centre's fleets and open tickets.
 */
export function OrganisationDetailsDrawer({ kind, row, onClose, onAssign }: OrganisationDetailsDrawerProps) {
  const info = KIND_INFO[kind];
  const can = useCan();
  const roleType = useAppState((s) => s.auth.user?.role);
  const details = useOrganisationDetails(kind, row.id);
  const unassign = useUnassignVehicles(kind);
  const [leaving, setLeaving] = useState<OrganisationVehicle | null>(null);
  const mayAssign = can(info.key, ACTION.ASSIGN) && row.status === 1;
  const mayUnassign = can(info.key, ACTION.UNASSIGN);
  const vehicleHref = (id: string) =>
    roleType === 'FA' || roleType === 'FE' ? paths.fleetVehicleDetails.href(id) : paths.vehicleDetails.href(id);
  const single = kind === 'driver';

  // A service centre's user looks for open tickets and fleets first; its (many) vehicles come last.
  const vehicles = (d: OrganisationDetails) => (
    <Section
      title={single ? 'Assigned vehicles' : 'Vehicles'}
      count={d.vehicles.total}
      action={
        mayAssign ? (
          <Button size="xs" variant="light" leftSection={<IconLink size={14} />} onClick={onAssign}>
            Assign vehicles
          </Button>
        ) : null
      }
    >
      {d.vehicles.total === 0 ? (
        <Text size="sm" c="dimmed">
          {single ? 'No vehicles are assigned to this driver.' : `No vehicles are assigned to this ${info.noun}.`}
        </Text>
      ) : (
        <Table striped aria-label={single ? 'Assigned vehicles' : 'Vehicles'}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Registration</Table.Th>
              <Table.Th>VIN</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th>Connection</Table.Th>
              {mayUnassign ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.vehicles.items.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>
                  <Anchor component={Link} to={vehicleHref(v.id)} size="sm">
                    {v.registrationNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{v.vin}</Table.Td>
                <Table.Td>{v.modelName}</Table.Td>
                <Table.Td>{v.isLive ? 'Live' : 'Offline'}</Table.Td>
                {mayUnassign ? (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconLinkOff size={12} />}
                      onClick={() => setLeaving(v)}
                      aria-label={`Unassign ${v.registrationNumber}`}
                    >
                      Unassign
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <More shown={d.vehicles.items.length} total={d.vehicles.total} />
    </Section>
  );

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={row.name}>
      <Stack gap="lg">
        <Group gap="xs">
          <StatusBadge status={row.status} />
          <Text size="sm" c="dimmed">
            {info.noun[0]?.toUpperCase()}
            {info.noun.slice(1)}
          </Text>
        </Group>
        <Contact kind={kind} row={row} details={details.data} />
        <QueryState query={details} what="details">
          {(d) => (
            <Stack gap="lg">
              {kind === 'dealer' ? null : vehicles(d)}
              {d.drivers ? (
                <Section title="Drivers" count={d.drivers.total}>
                  {d.drivers.total === 0 ? (
                    <Text size="sm" c="dimmed">
                      This fleet has no drivers yet.
                    </Text>
                  ) : (
                    <Table striped aria-label="Drivers">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Name</Table.Th>
                          <Table.Th>Phone</Table.Th>
                          <Table.Th>Licence</Table.Th>
                          <Table.Th>Status</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.drivers.items.map((x) => (
                          <Table.Tr key={x.id}>
                            <Table.Td>{x.name}</Table.Td>
                            <Table.Td>{x.phone}</Table.Td>
                            <Table.Td>
                              <Group gap="xs">
                                {x.licenseNumber} <LicenceBadge expiresOn={x.licenseExpiresOn} />
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <StatusBadge status={x.status} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                  <More shown={d.drivers.items.length} total={d.drivers.total} />
                </Section>
              ) : null}
              {d.openTickets ? (
                <Section title="Open tickets" count={d.openTickets.total}>
                  {d.openTickets.total === 0 ? (
                    <Text size="sm" c="dimmed">
                      No open tickets.
                    </Text>
                  ) : (
                    <Table striped aria-label="Open tickets">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Ticket</Table.Th>
                          <Table.Th>Status</Table.Th>
                          <Table.Th>Priority</Table.Th>
                          <Table.Th>Vehicle</Table.Th>
                          <Table.Th>Opened</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.openTickets.items.map((t) => (
                          <Table.Tr key={t.id}>
                            <Table.Td>
                              {can('t') ? (
                                <Anchor component={Link} to={paths.tickets.href({ ticket: t.id })} size="sm">
                                  {t.ref}
                                </Anchor>
                              ) : (
                                t.ref
                              )}{' '}
                              {t.title}
                            </Table.Td>
                            <Table.Td>{TICKET_STATUS_LABELS[t.status]}</Table.Td>
                            <Table.Td>{TICKET_PRIORITY_LABELS[t.priority]}</Table.Td>
                            <Table.Td>{t.registrationNumber ?? '—'}</Table.Td>
                            <Table.Td>{formatDateTime(t.createdAt)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                  <More shown={d.openTickets.items.length} total={d.openTickets.total} />
                </Section>
              ) : null}
              {d.fleets ? (
                <Section title="Fleets" count={d.fleets.total}>
                  {d.fleets.total === 0 ? (
                    <Text size="sm" c="dimmed">
                      No fleets are looked after by this service centre.
                    </Text>
                  ) : (
                    <Table striped aria-label="Fleets">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Name</Table.Th>
                          <Table.Th>City</Table.Th>
                          <Table.Th>E-mail</Table.Th>
                          <Table.Th>Status</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.fleets.items.map((f) => (
                          <Table.Tr key={f.id}>
                            <Table.Td>{f.name}</Table.Td>
                            <Table.Td>{f.city}</Table.Td>
                            <Table.Td>{f.email}</Table.Td>
                            <Table.Td>
                              <StatusBadge status={f.status} />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                  <More shown={d.fleets.items.length} total={d.fleets.total} />
                </Section>
              ) : null}
              {kind === 'dealer' ? vehicles(d) : null}
            </Stack>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={leaving !== null}
        title="Unassign vehicle"
        message={
          leaving
            ? `Take ${leaving.registrationNumber} away from ${row.name}?${kind === 'fleet' ? ' Its driver, if any, no longer drives it.' : ''}`
            : ''
        }
        confirmLabel="Unassign"
        busy={unassign.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={async () => {
          if (!leaving) return;
          try {
            await unassign.mutateAsync({ id: row.id, vehicleIds: [leaving.id] });
            notify.success(`Unassigned ${leaving.registrationNumber} from ${row.name}`);
            setLeaving(null);
          } catch (error) {
            notify.error(`Could not unassign ${leaving.registrationNumber}`, { description: errorMessage(error) });
          }
        }}
      />
    </Drawer>
  );
}
