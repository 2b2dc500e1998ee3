import { paths } from '@/config/paths';
import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HEALTH_RATING_LABELS, vehicleStateLabel } from '@/domain/enums';
import type { ApiVehicle } from './api/get-vehicle';
import { formatDateTime, formatNumber } from '@/shared/lib/format';
import type { VehicleTelemetry } from '@/domain/live-payloads';

const HEALTH_COLOR = { 1: 'green', 2: 'teal', 3: 'yellow', 4: 'orange', 5: 'red' } as const;

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

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" mt={4}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** The figures of a vehicle: state, SoC, range, odometer, health; live values win over the stored ones. */
export function VehicleStats({ vehicle, live }: { vehicle: ApiVehicle; live: VehicleTelemetry | null }) {
  const soc = live?.soc ?? vehicle.soc;
  const state = live?.state ?? vehicle.stateCode;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
      <Stat
        label="State"
        value={vehicleStateLabel(state)}
        hint={live ? `Live, ${formatNumber(live.speed, 'km/h', 0)}` : 'Last reported'}
      />
      <Card withBorder radius="md" padding="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          State of charge
        </Text>
        <Text fw={700} size="xl" mt={4}>
          {formatNumber(soc, '%', 0)}
        </Text>
        <Progress
          value={soc}
          mt={6}
          color={soc < 20 ? 'red' : soc < 50 ? 'yellow' : 'green'}
          aria-label="State of charge"
        />
      </Card>
      <Stat label="Range" value={formatNumber(vehicle.rangeKm, 'km', 0)} />
      <Stat label="Odometer" value={formatNumber(live?.odometer ?? vehicle.odometerKm, 'km', 0)} />
      <Card withBorder radius="md" padding="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Health rating
        </Text>
        <Badge mt={8} size="lg" color={HEALTH_COLOR[vehicle.healthRating]} variant="light">
          {HEALTH_RATING_LABELS[vehicle.healthRating]}
        </Badge>
      </Card>
    </SimpleGrid>
  );
}

const DEVICE_LINKS = [
  { field: 'bmsId', label: 'BMS', path: paths.bmsDetails },
  { field: 'mcuId', label: 'MCU', path: paths.mcuDetails },
  { field: 'vcuId', label: 'VCU', path: paths.vcuDetails },
  { field: 'loggerId', label: 'Logger', path: null },
  { field: 'simId', label: 'SIM card', path: null },
] as const;

/** The devices fitted to a vehicle, with links to the BMS, MCU and VCU details pages. */
export function LinkedDevices({ vehicle }: { vehicle: ApiVehicle }) {
  return (
    <Table aria-label="Linked devices">
      <Table.Tbody>
        {DEVICE_LINKS.map(({ field, label, path }) => {
          const id = vehicle[field];
          return (
            <Field key={field} label={label}>
              {id === null ? (
                <Text size="sm" c="dimmed">
                  None fitted
                </Text>
              ) : path ? (
                <Anchor component={Link} to={path.href(id)} size="sm">
                  {id}
                </Anchor>
              ) : (
                <Text size="sm">{id}</Text>
              )}
            </Field>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Identity of a vehicle: VIN, registration, type, model and who it belongs to. */
export function VehicleIdentity({ vehicle }: { vehicle: ApiVehicle }) {
  const names = vehicle.names;
  return (
    <Table aria-label="Identity">
      <Table.Tbody>
        <Field label="VIN">{vehicle.vin}</Field>
        <Field label="Registration">{vehicle.registrationNumber}</Field>
        <Field label="Type">{vehicle.vehicleType}</Field>
        <Field label="Model">{names?.model ?? vehicle.modelId}</Field>
        <Field label="OEM">{names?.oem ?? vehicle.oemId}</Field>
        <Field label="Service centre">{names?.dealer ?? '—'}</Field>
        <Field label="Fleet">{names?.fleet ?? '—'}</Field>
        <Field label="EV owner">{names?.evOwner ?? '—'}</Field>
        <Field label="Driver">{names?.driver ?? '—'}</Field>
        <Field label="Connectivity">{vehicle.connectivity}</Field>
        <Field label="Status">{vehicle.status === 1 ? 'Active' : 'Inactive'}</Field>
      </Table.Tbody>
    </Table>
  );
}

/** Where the vehicle was last seen: coordinates, time and connection (the map is the Location Analysis tab). */
export function LastLocation({ vehicle, live }: { vehicle: ApiVehicle; live: VehicleTelemetry | null }) {
  const lat = live?.position.lat ?? vehicle.lastLocation.lat;
  const lng = live?.position.lon ?? vehicle.lastLocation.lng;
  return (
    <Table aria-label="Last location">
      <Table.Tbody>
        <Field label="Latitude">{lat.toFixed(5)}</Field>
        <Field label="Longitude">{lng.toFixed(5)}</Field>
        <Field label="Seen">{formatDateTime(live ? live.ts : vehicle.lastSeenAt, true)}</Field>
        <Field label="Connection">
          {live || vehicle.isLive ? (
            <Badge color="green" variant="light">
              Live
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Offline
            </Badge>
          )}
        </Field>
      </Table.Tbody>
    </Table>
  );
}

/** The Overview tab: figures, identity, linked devices and last location. */
export function VehicleOverview({ vehicle, live }: { vehicle: ApiVehicle; live: VehicleTelemetry | null }) {
  return (
    <Stack>
      <VehicleStats vehicle={vehicle} live={live} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={3} size="h5" mb="xs">
            Identity
          </Title>
          <VehicleIdentity vehicle={vehicle} />
        </Card>
        <Stack>
          <Card withBorder radius="md">
            <Title order={3} size="h5" mb="xs">
              Linked devices
            </Title>
            <LinkedDevices vehicle={vehicle} />
          </Card>
          <Card withBorder radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h5">
                Last location
              </Title>
            </Group>
            <LastLocation vehicle={vehicle} live={live} />
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
