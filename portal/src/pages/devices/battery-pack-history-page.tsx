import {
  Alert,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { formatDateTime, formatTime } from '@/shared/lib/format';
import { toApiError } from '@/shared/api/api-client';
import { HeatmapChart } from '@/shared/ui/charts/heatmap-chart';
import { TimeSeriesChart } from '@/shared/ui/charts/time-series-chart';
import { PageHeader } from '@/shared/ui/page-header';
import { type ApiCellHistory, useCycleCells } from '@/features/devices/details/api/get-cycle-cells';
import { useBatteryCycles } from '@/features/devices/details/api/list-battery-cycles';
import {
  type CellMetric,
  heatmapCells,
  outlierCell,
  perCell,
  spreadOverTime,
} from '@/features/devices/details/cell-stats';

const METRICS = {
  voltages: { label: 'Voltage', unit: 'V', digits: 3 },
  temperatures: { label: 'Temperature', unit: '°C', digits: 1 },
} as const;

function CellHistoryView({ history, metric }: { history: ApiCellHistory; metric: CellMetric }) {
  const { unit, digits, label } = METRICS[metric];
  const xLabels = useMemo(() => history.items.map((s) => formatTime(s.t, false)), [history]);
  const yLabels = useMemo(() => Array.from({ length: history.cellCount }, (_, i) => `Cell ${i + 1}`), [history]);
  const cells = useMemo(() => heatmapCells(history, metric), [history, metric]);
  const spread = useMemo(() => spreadOverTime(history, metric), [history, metric]);
  const series = useMemo(
    () => [
      { name: 'Min', unit, points: spread.min },
      { name: 'Max', unit, points: spread.max },
      { name: 'Delta', unit: `Δ ${unit}`, points: spread.delta },
    ],
    [spread, unit],
  );
  const rows = perCell(history, metric);
  const outlier = outlierCell(history, metric);
  const lastDelta = spread.delta.at(-1)?.[1];
  const maxDelta = spread.delta.reduce((m, [, v]) => Math.max(m, v), 0);

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder radius="md" padding="sm">
          <Text size="xs" c="dimmed">
            {metric === 'voltages' ? 'Weakest cell' : 'Hottest cell'}
          </Text>
          <Text fw={700}>{outlier === null ? '—' : `Cell ${outlier}`}</Text>
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Text size="xs" c="dimmed">
            Largest delta
          </Text>
          <Text fw={700}>
            {maxDelta.toFixed(digits)} {unit}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="sm">
          <Text size="xs" c="dimmed">
            Delta at the end
          </Text>
          <Text fw={700}>{lastDelta === undefined ? '—' : `${lastDelta.toFixed(digits)} ${unit}`}</Text>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md">
        <Title order={2} size="h5" mb="xs">
          Per-cell {label.toLowerCase()}
        </Title>
        <HeatmapChart
          label={`Per-cell ${label.toLowerCase()} heatmap`}
          xLabels={xLabels}
          yLabels={yLabels}
          cells={cells}
          unit={unit}
          height={Math.max(280, history.cellCount * 14 + 124)}
        />
      </Card>
      <Card withBorder radius="md">
        <Title order={2} size="h5" mb="xs">
          Min, max and delta over time
        </Title>
        <TimeSeriesChart label={`${label} min, max and delta over time`} series={series} height={280} />
      </Card>
      <Card withBorder radius="md">
        <Title order={2} size="h5" mb="xs">
          Cells
        </Title>
        <Table aria-label="Cells" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cell</Table.Th>
              <Table.Th>Min</Table.Th>
              <Table.Th>Max</Table.Th>
              <Table.Th>Average</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.cell} bg={r.cell === outlier ? 'var(--mantine-color-orange-light)' : undefined}>
                <Table.Td>
                  Cell {r.cell}
                  {r.cell === outlier ? (
                    <Badge ml="xs" size="xs" color="orange">
                      {metric === 'voltages' ? 'Weakest' : 'Hottest'}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{r.min.toFixed(digits)}</Table.Td>
                <Table.Td>{r.max.toFixed(digits)}</Table.Td>
                <Table.Td>{r.avg.toFixed(digits)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

/** Cell voltages and temperatures of a battery pack per cycle: a per-cell heatmap and min/max/delta over time. */
export function BatteryPackHistoryPage({ route }: RoutePageProps) {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [metric, setMetric] = useState<CellMetric>('voltages');
  const cycles = useBatteryCycles({ bmsId: id, statuses: [], page: 1, pageSize: 50 });
  const cycleId = params.get('cycle') ?? cycles.data?.items[0]?.id ?? null;
  const cells = useCycleCells(id, cycleId, 60);

  const handleCycle = (value: string | null) => {
    if (!value) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('cycle', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader
        title={route.title}
        description="Cell voltages and temperatures of a battery pack over its cycles."
        actions={
          <Badge variant="light" size="lg" radius="sm">
            BMS {id}
          </Badge>
        }
      />
      {cycles.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading cycles" />
        </Center>
      ) : cycles.isError ? (
        <Alert color="red" title="The battery cycles could not be loaded" role="alert">
          {toApiError(cycles.error).message}
        </Alert>
      ) : cycles.data.items.length === 0 ? (
        <Text c="dimmed">This pack has no recorded cycles yet.</Text>
      ) : (
        <Stack>
          <Group align="flex-end">
            <Select
              label="Cycle"
              w={360}
              data={cycles.data.items.map((c) => ({
                value: c.id,
                label: `#${c.index} · ${formatDateTime(c.startedAt)}`,
              }))}
              value={cycleId}
              onChange={handleCycle}
              allowDeselect={false}
            />
            <SegmentedControl
              aria-label="Metric"
              data={Object.entries(METRICS).map(([value, m]) => ({ value, label: m.label }))}
              value={metric}
              onChange={(v) => setMetric(v as CellMetric)}
            />
          </Group>
          {cells.isPending ? (
            <Center py="xl">
              <Loader aria-label="Loading cell history" />
            </Center>
          ) : cells.isError ? (
            <Alert color="red" title="The cell history could not be loaded" role="alert">
              {toApiError(cells.error).message}
            </Alert>
          ) : cells.data.items.length === 0 ? (
            <Text c="dimmed">No cell samples are kept for this cycle.</Text>
          ) : (
            <CellHistoryView history={cells.data} metric={metric} />
          )}
        </Stack>
      )}
    </>
  );
}
