import {
  Anchor,
  Badge,
  Group,
  Paper,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBatteryCharging, IconClock, IconRoute, IconTool } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CHART_PALETTE } from '@/domain/constants';
import type { DashboardPanelId } from '@/domain/dashboard-panels';
import { decodeSeverity, HEALTH_RATING_LABELS } from '@/domain/enums';
import { TICKET_PRIORITY_LABELS, type TicketPriority } from '@/domain/tickets';
import { formatDateTime, formatDuration, formatNumber } from '@/shared/lib/format';
import { TimeSeriesChart } from '@/shared/ui/charts/time-series-chart';
import { QueryState } from '@/shared/ui/query-state';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import { useCan } from '@/state/use-can';
import {
  useActivity,
  useBatteryHealth,
  useCharging,
  useCo2,
  useFaultSummary,
  useFirmwareRollouts,
  useFleetStatus,
  useMyVehicles,
  useRecentFaults,
  useSocDistribution,
  useTicketSummary,
} from '../api/dashboards';
import type { TimeRange } from '../lib/time-range';

export interface PanelBodyProps {
  range: TimeRange;
}
export type PanelBodies = Partial<Record<DashboardPanelId, ComponentType<PanelBodyProps>>>;

/** The dashboard's time-series charts share one crosshair and zoom (ECharts `connect`), as Grafana's panels do. */
const CHART_GROUP = 'dashboard-time';

/** Health ratings from Very good (green) to Worst (red): the severity colours in reverse, Worst in the darkest red. */
const HEALTH_COLOURS = { 1: '#2F9E44', 2: '#50C878', 3: '#E2D02A', 4: '#FF9800', 5: '#DE465F' } as const;

const pct = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/** One labelled bar of a distribution, with its count as text (the bar is decoration). */
function BarRow({ label, count, total, colour }: { label: string; count: number; total: number; colour: string }) {
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: colour, display: 'inline-block' }}
          />
          <Text size="sm">{label}</Text>
        </Group>
        <Text size="sm" fw={600}>
          {count.toLocaleString('en-GB')}
        </Text>
      </Group>
      <Progress value={pct(count, total)} color={colour} size="sm" aria-hidden />
    </div>
  );
}

const STATUS_TILES = [
  { key: 'online', label: 'Online', colour: 'teal' },
  { key: 'charging', label: 'Charging', colour: 'blue' },
  { key: 'driving', label: 'Driving', colour: 'grape' },
  { key: 'idle', label: 'Idle', colour: 'yellow' },
  { key: 'offline', label: 'Offline', colour: 'gray' },
] as const;

export function FleetStatusBody() {
  const query = useFleetStatus();
  return (
    <QueryState query={query} what="fleet status" isEmpty={(d) => d.total === 0} emptyText="No vehicles in your scope.">
      {(d) => (
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          {STATUS_TILES.map((t) => (
            <Paper
              key={t.key}
              withBorder
              radius="sm"
              p="xs"
              style={{ borderLeft: `4px solid var(--mantine-color-${t.colour}-6)` }}
            >
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t.label}
              </Text>
              <Text size="xl" fw={700}>
                {d[t.key].toLocaleString('en-GB')}
              </Text>
              <Text size="xs" c="dimmed">
                {formatNumber(pct(d[t.key], d.total), '%', 0)} of {d.total.toLocaleString('en-GB')}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

export function FaultSummaryBody({ range }: PanelBodyProps) {
  const query = useFaultSummary(range);
  return (
    <QueryState
      query={query}
      what="the fault summary"
      isEmpty={(d) => d.total === 0}
      emptyText="No faults or alerts in this range."
    >
      {(d) => (
        <Stack gap={6}>
          <Text size="sm">
            <b>{d.total.toLocaleString('en-GB')}</b> raised, <b>{d.active.toLocaleString('en-GB')}</b> still active
          </Text>
          {[...d.bySeverity].reverse().map((row) => (
            <BarRow
              key={row.severity}
              label={`${decodeSeverity(row.severity).label} (${row.active} active)`}
              count={row.total}
              total={d.total}
              colour={decodeSeverity(row.severity).color}
            />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

export function RecentFaultsBody({ range }: PanelBodyProps) {
  const query = useRecentFaults(range);
  const can = useCan();
  const mayOpen = can({ anyOf: ['vh.l.d.f', 'BMS.l.d.f', 'MCU.l.d.f'] });
  // Every vehicle shown links to its details when the user may open them (issue 18 item 5).
  const mayOpenVehicle = can('vh.l.d');
  return (
    <QueryState
      query={query}
      what="recent active faults"
      isEmpty={(d) => d.items.length === 0}
      emptyText="No active faults in this range."
    >
      {(d) => (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
        <section style={{ overflowX: 'auto' }} tabIndex={0} aria-label="Recent active faults, scrollable">
          <Table fz="sm" verticalSpacing={4} striped>
            <caption style={{ captionSide: 'top', textAlign: 'left' }}>
              <Text size="xs" c="dimmed" component="span">
                The {d.items.length} newest of {d.active.toLocaleString('en-GB')} active
              </Text>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Severity</Table.Th>
                <Table.Th scope="col">Fault</Table.Th>
                <Table.Th scope="col">Vehicle</Table.Th>
                <Table.Th scope="col">Raised</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <SeverityBadge severity={f.severity} />
                  </Table.Td>
                  <Table.Td>
                    {mayOpen ? (
                      <Anchor component={Link} to={paths.faultDetails.href(f.id)} size="sm">
                        {f.code} {f.name}
                      </Anchor>
                    ) : (
                      `${f.code} ${f.name}`
                    )}
                  </Table.Td>
                  <Table.Td>
                    {mayOpenVehicle ? (
                      <Anchor component={Link} to={paths.vehicleDetails.href(f.vehicleId)} size="sm">
                        {f.registrationNumber}
                      </Anchor>
                    ) : (
                      f.registrationNumber
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(f.occurredAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </QueryState>
  );
}

export function SocDistributionBody() {
  const query = useSocDistribution();
  return (
    <QueryState
      query={query}
      what="the state of charge"
      isEmpty={(d) => d.total === 0}
      emptyText="No vehicles in your scope."
    >
      {(d) => (
        <Stack gap={6}>
          {[...d.buckets].reverse().map((b, i) => (
            <BarRow
              key={b.label}
              label={b.label}
              count={b.count}
              total={d.total}
              colour={CHART_PALETTE[i % 12] as string}
            />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

function SampledNote({ sampled, vehicles }: { sampled: number | null; vehicles?: number }) {
  if (!sampled) return null;
  const of = vehicles ? ` of ${vehicles.toLocaleString('en-GB')}` : '';
  return (
    <Text size="xs" c="dimmed">
      Estimated from the trips of {sampled.toLocaleString('en-GB')}
      {of} vehicles, scaled up.
    </Text>
  );
}

export function EnergyDistanceBody({ range }: PanelBodyProps) {
  const query = useActivity(range);
  return (
    <QueryState
      query={query}
      what="energy and distance"
      isEmpty={(d) => d.days.every((x) => x.trips === 0)}
      emptyText="No trips in this range."
    >
      {(d) => (
        <>
          <Group gap="lg">
            <Text size="sm">
              <b>
                {formatNumber(
                  d.days.reduce((s, x) => s + x.distanceKm, 0),
                  'km',
                  0,
                )}
              </b>{' '}
              driven
            </Text>
            <Text size="sm">
              <b>
                {formatNumber(
                  d.days.reduce((s, x) => s + x.energyKwh, 0),
                  'kWh',
                  1,
                )}
              </b>{' '}
              used
            </Text>
          </Group>
          <TimeSeriesChart
            label="Energy and distance per day"
            height={220}
            group={CHART_GROUP}
            series={[
              { name: 'Distance', unit: 'km', points: d.days.map((x) => [dayMs(x.date), x.distanceKm] as const) },
              { name: 'Energy', unit: 'kWh', points: d.days.map((x) => [dayMs(x.date), x.energyKwh] as const) },
            ]}
          />
          <SampledNote sampled={d.sampledVehicles} vehicles={d.vehicles} />
        </>
      )}
    </QueryState>
  );
}

export function UtilisationBody({ range }: PanelBodyProps) {
  const query = useActivity(range);
  return (
    <QueryState
      query={query}
      what="utilisation"
      isEmpty={(d) => d.vehicles === 0}
      emptyText="No vehicles in your scope."
    >
      {(d) => {
        const hours = d.days.reduce((s, x) => s + x.drivingHours, 0);
        const trips = d.days.reduce((s, x) => s + x.trips, 0);
        return (
          <Group wrap="nowrap" gap="md">
            <RingProgress
              size={110}
              thickness={12}
              roundCaps
              sections={[{ value: Math.min(100, d.utilisationPct), color: CHART_PALETTE[0] as string }]}
              label={
                <Text ta="center" fw={700} size="lg">
                  {formatNumber(d.utilisationPct, '%', 1)}
                </Text>
              }
              aria-hidden
            />
            <Stack gap={2}>
              <Text size="sm">
                Vehicles drove <b>{formatNumber(d.utilisationPct, '%', 1)}</b> of the time
              </Text>
              <Text size="sm" c="dimmed">
                {formatNumber(hours, 'h', 0)} over {trips.toLocaleString('en-GB')} trips,{' '}
                {d.vehicles.toLocaleString('en-GB')} vehicles
              </Text>
              <SampledNote sampled={d.sampledVehicles} vehicles={d.vehicles} />
            </Stack>
          </Group>
        );
      }}
    </QueryState>
  );
}

export function ChargingBody({ range }: PanelBodyProps) {
  const query = useCharging(range);
  return (
    <QueryState
      query={query}
      what="charging sessions"
      isEmpty={(d) => d.sessions === 0}
      emptyText="No charging sessions in this range."
    >
      {(d) => (
        <>
          <Group gap="lg">
            <Text size="sm">
              <b>{d.sessions.toLocaleString('en-GB')}</b> sessions
            </Text>
            <Text size="sm">
              <b>{formatNumber(d.energyKwh, 'kWh', 1)}</b> charged
            </Text>
          </Group>
          <TimeSeriesChart
            label="Charging sessions and energy charged per day"
            height={220}
            group={CHART_GROUP}
            series={[
              { name: 'Sessions', unit: 'sessions', points: d.days.map((x) => [dayMs(x.date), x.sessions] as const) },
              { name: 'Energy charged', unit: 'kWh', points: d.days.map((x) => [dayMs(x.date), x.energyKwh] as const) },
            ]}
          />
        </>
      )}
    </QueryState>
  );
}

export function BatteryHealthBody() {
  const query = useBatteryHealth();
  return (
    <QueryState
      query={query}
      what="battery health"
      isEmpty={(d) => d.total === 0}
      emptyText="No vehicles in your scope."
    >
      {(d) => (
        <Stack gap={6}>
          {d.ratings.map((r) => (
            <BarRow
              key={r.rating}
              label={HEALTH_RATING_LABELS[r.rating]}
              count={r.count}
              total={d.total}
              colour={HEALTH_COLOURS[r.rating]}
            />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

export function TicketsBody() {
  const query = useTicketSummary();
  return (
    <QueryState query={query} what="open tickets" isEmpty={(d) => d.open === 0} emptyText="No open tickets.">
      {(d) => (
        <Stack gap="xs">
          <Group gap="lg">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Open
              </Text>
              <Text size="xl" fw={700}>
                {d.open.toLocaleString('en-GB')}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                SLA breached
              </Text>
              <Text size="xl" fw={700} c={d.breached > 0 ? 'red.8' : undefined}>
                {d.breached.toLocaleString('en-GB')}
              </Text>
            </div>
          </Group>
          <Table fz="sm" verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Priority</Table.Th>
                <Table.Th scope="col">Open</Table.Th>
                <Table.Th scope="col">Breached</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...d.byPriority].reverse().map((p) => (
                <Table.Tr key={p.priority}>
                  <Table.Th scope="row" fw={400}>
                    {TICKET_PRIORITY_LABELS[p.priority as TicketPriority] ?? p.priority}
                  </Table.Th>
                  <Table.Td>{p.open}</Table.Td>
                  <Table.Td>{p.breached}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Anchor component={Link} to={paths.tickets.href()} size="sm">
            Open Help &amp; Support
          </Anchor>
        </Stack>
      )}
    </QueryState>
  );
}

export function Co2Body({ range }: PanelBodyProps) {
  const query = useCo2(range);
  return (
    <QueryState
      query={query}
      what="CO2 avoided"
      isEmpty={(d) => d.distanceKm === 0}
      emptyText="No trips in this range."
    >
      {(d) => (
        <Stack gap={4}>
          <Text size="xl" fw={700} c={d.avoidedKg >= 0 ? 'teal.9' : 'red.8'}>
            {formatNumber(d.avoidedKg / 1000, 't CO2', 2)}
          </Text>
          <Text size="sm">
            avoided against petrol and diesel vehicles over {formatNumber(d.distanceKm, 'km', 0)} (location-based)
          </Text>
          <Text size="xs" c="dimmed">
            {formatNumber(d.baselineGPerKm, 'g/km', 0)} baseline minus {formatNumber(d.energyKwh, 'kWh', 0)} x{' '}
            {d.gridKgPerKwh} kg/kWh grid x {d.chargingLossPct}% charging losses: the method and settings of the carbon
            emission page.
          </Text>
          <SampledNote sampled={d.sampledVehicles} />
        </Stack>
      )}
    </QueryState>
  );
}

const DEVICE_KIND_LABEL = { BMS: 'BMS', MCU: 'MCU', VCU: 'VCU', LOGGER: 'Logger' } as const;

export function FirmwareRolloutsBody() {
  const query = useFirmwareRollouts();
  const can = useCan();
  const mayOpen = can('FOTA');
  return (
    <QueryState
      query={query}
      what="firmware rollouts"
      isEmpty={(d) => d.items.length === 0}
      emptyText="No firmware rollout is running or paused."
    >
      {(d) => (
        <Stack gap={6}>
          <Text size="sm">
            <b>{d.running.toLocaleString('en-GB')}</b> running, <b>{d.paused.toLocaleString('en-GB')}</b> paused
            {d.items.length < d.running + d.paused ? ` (the ${d.items.length} paused first, then newest)` : ''}
          </Text>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
          <section style={{ overflowX: 'auto' }} tabIndex={0} aria-label="Firmware rollouts in progress, scrollable">
            <Table fz="sm" verticalSpacing={4} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Release</Table.Th>
                  <Table.Th scope="col">Target</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" style={{ minWidth: 180 }}>
                    Progress
                  </Table.Th>
                  <Table.Th scope="col">Started</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.items.map((r) => {
                  const name = `${DEVICE_KIND_LABEL[r.deviceType]} ${r.version}${r.modelName ? ` (${r.modelName})` : ''}`;
                  const done = r.completed + r.failed;
                  return (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {mayOpen ? (
                          <Anchor
                            component={Link}
                            to={paths.firmwareRelease.href({ tab: 'rollouts', rollout: r.id })}
                            size="sm"
                            aria-label={`Open the rollout of ${name} to ${r.targetLabel}`}
                          >
                            {name}
                          </Anchor>
                        ) : (
                          name
                        )}
                      </Table.Td>
                      <Table.Td>{r.targetLabel}</Table.Td>
                      <Table.Td>
                        <Badge color={r.status === 'paused' ? 'orange' : 'blue'} variant="light" radius="sm">
                          {r.status === 'paused' ? 'Paused' : 'Running'}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          Wave {r.currentWave + 1} of {r.waveCount}
                        </Text>
                        {r.pauseReason ? (
                          <Text size="xs" c="red.9">
                            {r.pauseReason}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Progress.Root size="md" aria-hidden>
                          <Progress.Section value={pct(r.completed, r.deviceCount)} color="teal" />
                          <Progress.Section value={pct(r.failed, r.deviceCount)} color="red" />
                          <Progress.Section value={pct(r.inProgress, r.deviceCount)} color="blue" />
                        </Progress.Root>
                        <Text size="xs">
                          {done.toLocaleString('en-GB')} of {r.deviceCount.toLocaleString('en-GB')} devices done (
                          {formatNumber(r.progressPct, '%', 0)}): {r.completed.toLocaleString('en-GB')} completed,{' '}
                          {r.failed.toLocaleString('en-GB')} failed, {r.inProgress.toLocaleString('en-GB')} installing
                          {r.waiting > 0 ? `, ${r.waiting.toLocaleString('en-GB')} waiting` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDateTime(r.startedAt)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </section>
          {mayOpen ? (
            <Anchor component={Link} to={paths.firmwareRelease.href({ tab: 'rollouts' })} size="sm">
              All rollouts
            </Anchor>
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}

export function MyVehiclesBody() {
  const query = useMyVehicles();
  const can = useCan();
  const mayOpen = can('vh.l.d');
  return (
    <QueryState
      query={query}
      what="your vehicles"
      isEmpty={(d) => d.items.length === 0}
      emptyText="No vehicle is assigned to you yet."
    >
      {(d) => (
        <SimpleGrid cols={{ base: 1, md: Math.min(2, d.items.length) }} spacing="sm">
          {d.items.map((v) => (
            <Paper key={v.id} withBorder radius="sm" p="sm">
              <Group justify="space-between" mb={6}>
                <Text fw={700}>
                  {mayOpen ? (
                    <Anchor component={Link} to={paths.vehicleDetails.href(v.id)}>
                      {v.registrationNumber}
                    </Anchor>
                  ) : (
                    v.registrationNumber
                  )}
                  {v.model ? (
                    <Text span c="dimmed" size="sm" fw={400}>
                      {' '}
                      {v.model}
                    </Text>
                  ) : null}
                </Text>
                <Badge color={v.isLive ? 'teal' : 'gray'} variant="light">
                  {v.isLive ? 'Online' : 'Offline'}
                </Badge>
              </Group>
              <SimpleGrid cols={2} spacing="xs">
                <Group gap={6} wrap="nowrap">
                  <ThemeIcon variant="light" size="md" aria-hidden>
                    <IconBatteryCharging size={16} />
                  </ThemeIcon>
                  <div>
                    <Text size="xs" c="dimmed">
                      State of charge
                    </Text>
                    <Text fw={600}>{formatNumber(v.soc, '%', 0)}</Text>
                  </div>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <ThemeIcon variant="light" size="md" aria-hidden>
                    <IconRoute size={16} />
                  </ThemeIcon>
                  <div>
                    <Text size="xs" c="dimmed">
                      Range
                    </Text>
                    <Text fw={600}>{formatNumber(v.rangeKm, 'km', 0)}</Text>
                  </div>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <ThemeIcon variant="light" size="md" aria-hidden>
                    <IconClock size={16} />
                  </ThemeIcon>
                  <div>
                    <Text size="xs" c="dimmed">
                      Last trip
                    </Text>
                    <Text fw={600} size="sm">
                      {v.lastTrip
                        ? `${formatNumber(v.lastTrip.distanceKm, 'km', 1)}, ${formatDuration(v.lastTrip.durationMin)}`
                        : 'None yet'}
                    </Text>
                    {v.lastTrip ? (
                      <Text size="xs" c="dimmed">
                        {formatDateTime(v.lastTrip.endedAt ?? v.lastTrip.startedAt)}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <ThemeIcon variant="light" size="md" aria-hidden>
                    <IconTool size={16} />
                  </ThemeIcon>
                  <div>
                    <Text size="xs" c="dimmed">
                      Service due
                    </Text>
                    <Text fw={600} size="sm">
                      in {formatNumber(v.serviceDueKm, 'km', 0)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      every {formatNumber(v.serviceIntervalKm, 'km', 0)}
                    </Text>
                  </div>
                </Group>
              </SimpleGrid>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

/** Every panel body this feature draws; the map comes from the page (a feature never imports another feature). */
export const PANEL_BODIES: PanelBodies = {
  'fleet-status': FleetStatusBody,
  'fault-summary': FaultSummaryBody,
  'recent-faults': RecentFaultsBody,
  'soc-distribution': SocDistributionBody,
  'energy-distance': EnergyDistanceBody,
  utilisation: UtilisationBody,
  charging: ChargingBody,
  'battery-health': BatteryHealthBody,
  tickets: TicketsBody,
  co2: Co2Body,
  'firmware-rollouts': FirmwareRolloutsBody,
  'my-vehicles': MyVehiclesBody,
};
