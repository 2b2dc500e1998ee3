import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  ColorSwatch,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPhoto } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useUrlParams } from '@/shared/lib/use-url-params';
import { chartColor } from '@/domain/constants';
import { toApiError } from '@/shared/api/api-client';
import { formatNumber } from '@/shared/lib/format';
import type { EChartsInstance } from '@/shared/ui/charts/load-echarts';
import { TimeSeriesChart } from '@/shared/ui/charts/time-series-chart';
import { dayBoundary } from '@/shared/ui/data-table/date-range';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import { toCsv } from '@/shared/ui/data-table/to-csv';
import { notify } from '@/shared/ui/notify';
import {
  type AnalysisComparison,
  type AnalysisGroupBy,
  useAnalysisComparison,
  useRecordAnalysisExport,
  useAnalysisSubjects,
} from '../api/analysis-api';
import { comparisonCsvRows, METRICS, metricOf } from '../lib/analysis-metrics';
import { daysBefore, localDay, rangeErrors } from '../lib/date-range';
import { CategoryChart } from './category-chart';

const GROUPS: { value: AnalysisGroupBy; label: string; noun: string }[] = [
  { value: 'vehicle', label: 'Vehicles', noun: 'vehicles' },
  { value: 'model', label: 'Models', noun: 'models' },
  { value: 'fleet', label: 'Fleets', noun: 'fleets' },
];
const MAX_SUBJECTS = 12;
const DEFAULT_DAYS = 30;
/** The opening comparison: this many subjects that drove the farthest in the range. */
const OPENING_TOP = 5;

const isGroup = (value: string | null): value is AnalysisGroupBy => GROUPS.some((g) => g.value === value);

/** Saves a data URL (the chart's PNG) as a file. */
function downloadDataUrl(fileName: string, url: string) {
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
}

export interface AnalysisCompareProps {
  /** The caller may export (`a` with Export): CSV and PNG buttons. */
  canExport: boolean;
}

/**
 * Compare vehicles, models or fleets over a date range: every figure in a table, one figure per subject as a bar chart
 * and distance per day as lines, all in the palette colour of the subject. The choices live in the URL.
 */
export function AnalysisCompare({ canExport }: AnalysisCompareProps) {
  const [search, update] = useUrlParams();
  const groupBy: AnalysisGroupBy = isGroup(search.get('groupBy'))
    ? (search.get('groupBy') as AnalysisGroupBy)
    : 'vehicle';
  const pickedIds = useMemo(() => (search.get('ids') ?? '').split(',').filter(Boolean), [search]);
  const metric = metricOf(search.get('metric'));
  // Opened without picks (or on another grouping), the page compares the five that drove the farthest in the range
  // until the user changes the picks; a cleared selection stays cleared.
  const [opening, setOpening] = useState(() => search.get('ids') === null);
  const useOpening = opening && pickedIds.length === 0;

  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const subjects = useAnalysisSubjects(groupBy, debounced);
  const dataWindow = subjects.data ? { dataFrom: subjects.data.dataFrom, dataTo: subjects.data.dataTo } : null;
  const from = search.get('from') ?? (dataWindow ? daysBefore(dataWindow.dataTo, DEFAULT_DAYS - 1) : '');
  const to = search.get('to') ?? (dataWindow ? localDay(dataWindow.dataTo) : '');
  const clientErrors = dataWindow ? rangeErrors(from, to, dataWindow) : {};
  const rangeValid = dataWindow !== null && !clientErrors.from && !clientErrors.to;

  const params = {
    groupBy,
    ids: pickedIds,
    from: dayBoundary(from, false) ?? '',
    to: dayBoundary(to, true) ?? '',
    ...(useOpening ? { top: OPENING_TOP } : {}),
  };
  const comparison = useAnalysisComparison(params, rangeValid && (pickedIds.length > 0 || useOpening));
  // The subjects on show: the picks, or those the opening comparison chose.
  const openingIds = useMemo(
    () => (comparison.data?.groupBy === groupBy ? comparison.data.subjects.map((s) => s.id) : []),
    [comparison.data, groupBy],
  );
  const ids = useOpening ? openingIds : pickedIds;
  const serverErrors = comparison.isError ? (toApiError(comparison.error).fieldErrors ?? {}) : {};

  // Names of picked subjects, remembered across searches so a chip keeps its label.
  const known = useRef(new Map<string, string>());
  for (const item of subjects.data?.items ?? []) known.current.set(item.id, item.name);
  for (const s of comparison.data?.subjects ?? []) known.current.set(s.id, s.name);
  const options = useMemo(() => {
    const seen = new Set<string>();
    const out: { value: string; label: string }[] = [];
    for (const id of ids) {
      seen.add(id);
      out.push({ value: id, label: known.current.get(id) ?? id });
    }
    for (const item of subjects.data?.items ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push({ value: item.id, label: `${item.name} (${item.detail})` });
    }
    return out;
  }, [ids, subjects.data]);

  const noun = GROUPS.find((g) => g.value === groupBy)?.noun ?? 'vehicles';
  const chart = useRef<EChartsInstance | null>(null);
  const onChart = useMemo(() => (instance: EChartsInstance) => (chart.current = instance), []);

  const recordExport = useRecordAnalysisExport();
  /** Every export is recorded in the audit history first; without that record there is no file (decision 0094). */
  const recorded = async (format: 'csv' | 'png', data: AnalysisComparison, rows: number) => {
    try {
      await recordExport.mutateAsync({
        kind: 'compare',
        format,
        from: data.from,
        to: data.to,
        rows,
        subject: `${metric.label} of ${data.subjects.map((s) => s.name).join(', ')}`.slice(0, 300),
      });
      return true;
    } catch (e) {
      notify.error('The export could not be recorded, so no file was made', { description: toApiError(e).message });
      return false;
    }
  };
  const exportCsv = async (data: AnalysisComparison) => {
    const { columns, rows } = comparisonCsvRows(data);
    if (!(await recorded('csv', data, rows.length))) return;
    downloadCsv(`analysis-${data.groupBy}-${from}-to-${to}.csv`, await toCsv(rows, columns));
  };
  const exportPng = async (data: AnalysisComparison) => {
    if (!chart.current) {
      notify.error('The chart is not drawn yet', { description: 'Wait for the chart to appear, then export again.' });
      return;
    }
    const instance = chart.current;
    if (!(await recorded('png', data, 0))) return;
    const url = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' });
    downloadDataUrl(`analysis-${groupBy}-${metric.key}-${from}-to-${to}.png`, url);
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Box>
              <Text size="sm" fw={500} mb={4} id="analysis-compare-label">
                Compare
              </Text>
              <SegmentedControl
                aria-labelledby="analysis-compare-label"
                value={groupBy}
                data={GROUPS.map(({ value, label }) => ({ value, label }))}
                onChange={(value) => {
                  setTerm('');
                  setOpening(true);
                  update({ groupBy: value, ids: null });
                }}
              />
            </Box>
            <TextInput
              type="date"
              label="From"
              w={170}
              value={from}
              min={dataWindow ? localDay(dataWindow.dataFrom) : undefined}
              max={to || undefined}
              error={clientErrors.from ?? serverErrors.from}
              onChange={(e) => update({ from: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="To"
              w={170}
              value={to}
              min={from || undefined}
              max={dataWindow ? localDay(dataWindow.dataTo) : undefined}
              error={clientErrors.to ?? serverErrors.to}
              onChange={(e) => update({ to: e.currentTarget.value })}
            />
          </Group>
          <MultiSelect
            label={`${noun[0]?.toUpperCase()}${noun.slice(1)} to compare`}
            description={`Up to ${MAX_SUBJECTS}; type to search.`}
            placeholder={ids.length === 0 ? `Search ${noun}` : undefined}
            data={options}
            value={ids}
            maxValues={MAX_SUBJECTS}
            searchable
            searchValue={term}
            onSearchChange={setTerm}
            filter={({ options: all }) => all}
            nothingFoundMessage={subjects.isFetching ? 'Searching…' : `No ${noun} match`}
            error={serverErrors.ids ?? serverErrors.groupBy}
            onChange={(value) => {
              setOpening(false);
              update({ ids: value.join(',') });
            }}
            clearable
          />
          {useOpening && comparison.data && ids.length > 0 ? (
            <Text size="xs" c="dimmed">
              Showing the {ids.length} {noun} that drove the farthest in this range; change the selection to compare
              others.
            </Text>
          ) : null}
          {subjects.isError ? (
            <Alert color="red" title={`The ${noun} could not be loaded`} role="alert">
              {toApiError(subjects.error).message}
            </Alert>
          ) : null}
          {dataWindow ? (
            <Text size="xs" c="dimmed">
              Data is available from {localDay(dataWindow.dataFrom)} to {localDay(dataWindow.dataTo)}.
            </Text>
          ) : null}
        </Stack>
      </Card>

      {ids.length === 0 && !(useOpening && comparison.isPending && rangeValid) ? (
        <Text c="dimmed" size="sm">
          Pick up to {MAX_SUBJECTS} {noun} to compare their energy per km, SoC use, distance, fault rate, utilisation
          and charging.
        </Text>
      ) : !rangeValid ? (
        dataWindow ? (
          <Alert color="yellow" title="Fix the date range">
            {clientErrors.from ?? clientErrors.to}
          </Alert>
        ) : null
      ) : comparison.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the comparison" />
        </Center>
      ) : comparison.isError ? (
        <Alert color="red" title="The comparison could not be loaded" role="alert">
          {toApiError(comparison.error).message}
          {Object.values(serverErrors).length > 0 ? ` ${Object.values(serverErrors).join(' ')}` : ''}
        </Alert>
      ) : (
        <Stack gap="md">
          <Card withBorder radius="md">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={2} size="h4">
                Comparison
              </Title>
              {canExport ? (
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    loading={recordExport.isPending && recordExport.variables?.format === 'csv'}
                    onClick={() => void exportCsv(comparison.data)}
                  >
                    Export CSV
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconPhoto size={14} />}
                    loading={recordExport.isPending && recordExport.variables?.format === 'png'}
                    onClick={() => void exportPng(comparison.data)}
                  >
                    Export PNG
                  </Button>
                </Group>
              ) : null}
            </Group>
            <Table.ScrollContainer minWidth={900}>
              <Table striped withTableBorder fz="sm">
                <caption>
                  {comparison.data.subjects.length} {noun}, {localDay(comparison.data.from)} to{' '}
                  {localDay(comparison.data.to)}
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Vehicles</Table.Th>
                    {METRICS.map((m) => (
                      <Table.Th key={m.key} scope="col" title={m.help}>
                        {m.label}
                        {m.unit ? ` (${m.unit})` : ''}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {comparison.data.subjects.map((s, i) => (
                    <Table.Tr key={s.id}>
                      <Table.Th scope="row">
                        <Group gap={6} wrap="nowrap">
                          <ColorSwatch color={chartColor(i)} size={12} aria-hidden />
                          {s.name}
                        </Group>
                      </Table.Th>
                      <Table.Td>{s.vehicleCount}</Table.Td>
                      {METRICS.map((m) => (
                        <Table.Td key={m.key}>{formatNumber(s[m.key], '', m.decimals)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Card withBorder radius="md">
              <Group justify="space-between" mb="xs" wrap="wrap">
                <Title order={2} size="h4">
                  {metric.label} per {noun.slice(0, -1)}
                </Title>
                <Select
                  aria-label="Figure to chart"
                  w={230}
                  size="xs"
                  data={METRICS.map((m) => ({ value: m.key, label: m.label }))}
                  value={metric.key}
                  allowDeselect={false}
                  onChange={(value) => update({ metric: value })}
                />
              </Group>
              <Text size="xs" c="dimmed" mb="xs">
                {metric.help}
              </Text>
              <CategoryChart
                label={`${metric.label} per ${noun.slice(0, -1)}`}
                categories={comparison.data.subjects.map((s) => s.name)}
                series={[
                  {
                    name: metric.label,
                    unit: metric.unit,
                    decimals: metric.decimals,
                    values: comparison.data.subjects.map((s) => s[metric.key]),
                  },
                ]}
                colourByCategory
                onChart={onChart}
              />
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                Distance per day
              </Title>
              <TimeSeriesChart
                label="Distance per day"
                height={300}
                series={comparison.data.subjects.map((s) => ({
                  name: s.name,
                  unit: 'km',
                  points: s.daily.map((d) => [Date.parse(`${d.date}T12:00:00Z`), d.distanceKm] as const),
                }))}
              />
            </Card>
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
