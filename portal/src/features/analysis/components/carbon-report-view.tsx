import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatNumber } from '@/shared/lib/format';
import type { CarbonReport } from '../api/analysis-api';
import { localDay } from '../lib/date-range';
import { CategoryChart } from './category-chart';

const VEHICLE_ROWS = 25;

/** Mass in kg, or in tonnes from 1,000 kg. */
export function formatMass(kg: number): string {
  return Math.abs(kg) >= 1000 ? formatNumber(kg / 1000, 't', 2) : formatNumber(kg, 'kg', 1);
}

function FiguresRow({ label, f }: { label: string; f: CarbonReport['total'] }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td>{f.vehicleCount}</Table.Td>
      <Table.Td>{formatNumber(f.distanceKm, 'km', 1)}</Table.Td>
      <Table.Td>{formatNumber(f.energyChargedKwh, 'kWh', 1)}</Table.Td>
      <Table.Td>{formatMass(f.baselineKg)}</Table.Td>
      <Table.Td>{formatMass(f.locationKg)}</Table.Td>
      <Table.Td>{formatMass(f.marketKg)}</Table.Td>
      <Table.Td fw={600}>{formatMass(f.avoidedLocationKg)}</Table.Td>
      <Table.Td fw={600}>{formatMass(f.avoidedMarketKg)}</Table.Td>
    </Table.Tr>
  );
}

const FIGURE_COLUMNS = [
  'Vehicles',
  'Distance',
  'Energy charged',
  'Petrol/diesel baseline',
  'EV, location-based',
  'EV, market-based',
  'Avoided, location-based',
  'Avoided, market-based',
];

function FiguresHead({ first }: { first: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {[first, ...FIGURE_COLUMNS].map((c) => (
          <Table.Th key={c} scope="col">
            {c}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

export interface CarbonReportViewProps {
  report: CarbonReport;
  canExport: boolean;
  onExport: (report: CarbonReport) => void;
}

/** The report's figures: totals, by vehicle type (table and chart), by fleet, and the vehicles that avoided most. */
export function CarbonReportView({ report: data, canExport, onExport }: CarbonReportViewProps) {
  const typeChart = useMemo(() => {
    const rows = [...data.byVehicleType, ...data.byFleet.filter((f) => f.fleetId !== null)];
    return {
      categories: [
        ...data.byVehicleType.map((t) => t.vehicleType),
        ...data.byFleet.filter((f) => f.fleetId !== null).map((f) => f.name),
      ],
      series: [
        {
          name: 'Avoided, location-based',
          unit: 'kg CO2',
          decimals: 1,
          values: rows.map((r) => r.avoidedLocationKg),
        },
        { name: 'Avoided, market-based', unit: 'kg CO2', decimals: 1, values: rows.map((r) => r.avoidedMarketKg) },
      ],
    };
  }, [data]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {(
          [
            ['CO2 avoided, location-based', formatMass(data.total.avoidedLocationKg)],
            ['CO2 avoided, market-based', formatMass(data.total.avoidedMarketKg)],
            ['Distance', formatNumber(data.total.distanceKm, 'km', 0)],
            ['Energy charged', formatNumber(data.total.energyChargedKwh, 'kWh', 1)],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} withBorder radius="md" aria-label={label} role="group">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="xl" fw={700}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            By vehicle type
          </Title>
          {canExport ? (
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => onExport(data)}>
              Export CSV
            </Button>
          ) : null}
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder fz="sm">
            <caption>
              By vehicle type, {localDay(data.from)} to {localDay(data.to)}
            </caption>
            <FiguresHead first="Vehicle type" />
            <Table.Tbody>
              {data.byVehicleType.map((t) => (
                <FiguresRow key={t.vehicleType} label={t.vehicleType} f={t} />
              ))}
              <FiguresRow label="Total" f={data.total} />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {typeChart ? (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="xs">
            CO2 avoided by vehicle type and fleet
          </Title>
          <CategoryChart
            label="CO2 avoided by vehicle type and fleet"
            categories={typeChart.categories}
            series={typeChart.series}
          />
        </Card>
      ) : null}
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="xs">
          By fleet
        </Title>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped withTableBorder fz="sm">
            <caption>By fleet, with each fleet&apos;s supply contract</caption>
            <Table.Thead>
              <Table.Tr>
                {['Fleet', 'Supply contract', ...FIGURE_COLUMNS].map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byFleet.map((f) => (
                <Table.Tr key={f.fleetId ?? 'none'}>
                  <Table.Th scope="row">{f.name}</Table.Th>
                  <Table.Td>
                    {f.contract
                      ? `${f.contract.supplier}: ${f.contract.instrument} (${f.contract.intensity} t CO2/MWh)`
                      : 'None: grid average'}
                  </Table.Td>
                  <Table.Td>{f.vehicleCount}</Table.Td>
                  <Table.Td>{formatNumber(f.distanceKm, 'km', 1)}</Table.Td>
                  <Table.Td>{formatNumber(f.energyChargedKwh, 'kWh', 1)}</Table.Td>
                  <Table.Td>{formatMass(f.baselineKg)}</Table.Td>
                  <Table.Td>{formatMass(f.locationKg)}</Table.Td>
                  <Table.Td>{formatMass(f.marketKg)}</Table.Td>
                  <Table.Td fw={600}>{formatMass(f.avoidedLocationKg)}</Table.Td>
                  <Table.Td fw={600}>{formatMass(f.avoidedMarketKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="xs">
          By vehicle
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          The {Math.min(VEHICLE_ROWS, data.vehiclesShown)} vehicles that avoided most of {data.total.vehicleCount}
          {canExport ? `; the CSV holds ${data.vehiclesShown}` : ''}.
        </Text>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped withTableBorder fz="sm">
            <caption>By vehicle</caption>
            <Table.Thead>
              <Table.Tr>
                {['Vehicle', 'Type', 'Fleet', 'Region', 'Grid (t CO2/MWh)', 'Distance', 'Energy charged'].map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
                <Table.Th scope="col">Avoided, location-based</Table.Th>
                <Table.Th scope="col">Avoided, market-based</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byVehicle.slice(0, VEHICLE_ROWS).map((v) => (
                <Table.Tr key={v.vehicleId}>
                  <Table.Th scope="row">{v.registrationNumber}</Table.Th>
                  <Table.Td>{v.vehicleType}</Table.Td>
                  <Table.Td>{v.fleetName ?? '—'}</Table.Td>
                  <Table.Td>{v.region ?? 'Unknown'}</Table.Td>
                  <Table.Td>{v.gridIntensity}</Table.Td>
                  <Table.Td>{formatNumber(v.distanceKm, 'km', 1)}</Table.Td>
                  <Table.Td>{formatNumber(v.energyChargedKwh, 'kWh', 2)}</Table.Td>
                  <Table.Td>{formatMass(v.avoidedLocationKg)}</Table.Td>
                  <Table.Td>{formatMass(v.avoidedMarketKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
