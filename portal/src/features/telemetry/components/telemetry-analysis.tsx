import type { components } from '@/domain/api-schema';
import { Group, MultiSelect, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { enumeratedValueLabel } from '@/domain/enums';
import type { TimeSeries } from '@/shared/ui/charts/time-series-chart';
import { TimeSeriesChart } from '@/shared/ui/charts/time-series-chart';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { type TelemetrySource, useTelemetry } from '../api/get-telemetry';
import { formatDateTime, formatNumber } from '@/shared/lib/format';
import { QueryState } from '@/shared/ui/query-state';

type TemplateKey = components['schemas']['TelemetryKey'];

const HOUR = 3_600_000;
export const ANALYSIS_RANGES = [
  { value: '24h', label: 'Last 24 hours', ms: 24 * HOUR },
  { value: '7d', label: 'Last 7 days', ms: 7 * 24 * HOUR },
  { value: '30d', label: 'Last 30 days', ms: 30 * 24 * HOUR },
] as const;
type RangeValue = (typeof ANALYSIS_RANGES)[number]['value'] | 'custom';

/** `YYYY-MM-DDTHH:mm` in local time, the value format of a datetime-local input. */
function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** The error of a custom range, or null when it can be charted. */
export function customRangeError(from: string, to: string): string | null {
  const a = Date.parse(from);
  const b = Date.parse(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'Enter both ends of the range.';
  if (a >= b) return 'The start must be before the end.';
  return null;
}

/** Points asked per series; the chart draws them LTTB-sampled to its width. */
const POINTS = 2000;

function rangeOf(value: Exclude<RangeValue, 'custom'>, now: number): { from: string; to: string } {
  const ms = ANALYSIS_RANGES.find((r) => r.value === value)?.ms ?? 24 * HOUR;
  // Whole minutes keep the query key stable across re-renders.
  const to = Math.floor(now / 60_000) * 60_000;
  return { from: new Date(to - ms).toISOString(), to: new Date(to).toISOString() };
}

function summaryOf(points: ReadonlyArray<readonly [number, number]>) {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const [, v] of points) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  return { min, max, avg: points.length ? sum / points.length : Number.NaN, latest: points.at(-1)?.[1] };
}

/**
 * The summary row of one key as text: an enumerated key (vehicle state, gear, drive mode) shows its values with their
 * labels and no average (an average of codes means nothing); a measurement shows numbers with its unit.
 */
export function summaryText(key: string, unit: string, points: ReadonlyArray<readonly [number, number]>) {
  const sum = summaryOf(points);
  const text = (v: number | undefined) =>
    (v === undefined || !Number.isFinite(v) ? undefined : enumeratedValueLabel(key, v)) ?? formatNumber(v, unit, 2);
  const enumerated = enumeratedValueLabel(key, 0) !== undefined;
  return {
    min: text(sum.min),
    max: text(sum.max),
    avg: enumerated ? '—' : formatNumber(sum.avg, unit, 2),
    latest: text(sum.latest),
  };
}

export interface TelemetryAnalysisProps {
  source: TelemetrySource;
  /** The telemetry template the keys come from (the model's). */
  template: readonly TemplateKey[];
}

/** Analysis: telemetry of chosen keys over a date range, as an LTTB-sampled chart and a min/max/average table. */
export function TelemetryAnalysis({ source, template }: TelemetryAnalysisProps) {
  const store = useAppStoreApi();
  const storedRange = useAppState((s) => s.vehicle.analysisDate);
  const storedIsCustom = storedRange.from !== null && storedRange.to !== null;
  const initialRange = storedIsCustom
    ? 'custom'
    : ((ANALYSIS_RANGES.find((r) => r.value === (storedRange.from ?? ''))?.value ?? '24h') as RangeValue);
  const [range, setRange] = useState<RangeValue>(initialRange);
  const [keys, setKeys] = useState<string[]>(() => template.slice(0, 3).map((k) => k.key));
  const [now] = useState(() => Date.now());
  const [customFrom, setCustomFrom] = useState(() =>
    storedIsCustom ? toLocalInput(Date.parse(storedRange.from as string)) : toLocalInput(now - 2 * 24 * HOUR),
  );
  const [customTo, setCustomTo] = useState(() =>
    storedIsCustom ? toLocalInput(Date.parse(storedRange.to as string)) : toLocalInput(now),
  );
  const customError = range === 'custom' ? customRangeError(customFrom, customTo) : null;
  const { from, to } = useMemo(() => {
    if (range !== 'custom') return rangeOf(range, now);
    if (customRangeError(customFrom, customTo) !== null) return rangeOf('24h', now);
    return { from: new Date(customFrom).toISOString(), to: new Date(customTo).toISOString() };
  }, [range, now, customFrom, customTo]);
  const query = useTelemetry({ source, from, to, points: POINTS, keys }, keys.length > 0 && customError === null);
  const labels = useMemo(() => new Map(template.map((k) => [k.key, k.label])), [template]);
  const series: (TimeSeries & { key: string })[] = useMemo(
    () =>
      (query.data ?? []).map((s) => ({
        key: s.key,
        name: labels.get(s.key) ?? s.key,
        unit: s.unit,
        points: s.points as [number, number][],
      })),
    [query.data, labels],
  );

  const handleRange = (value: string) => {
    setRange(value as RangeValue);
    // The store keeps the preset (or the custom range) so that the tab reopens on the same range.
    if (value !== 'custom') store.getState().setVehicle({ analysisDate: { from: value, to: null } });
  };
  const handleCustom = (nextFrom: string, nextTo: string) => {
    setCustomFrom(nextFrom);
    setCustomTo(nextTo);
    if (customRangeError(nextFrom, nextTo) === null) {
      store.getState().setVehicle({
        analysisDate: { from: new Date(nextFrom).toISOString(), to: new Date(nextTo).toISOString() },
      });
    }
  };
  const rangeLabel =
    range === 'custom'
      ? `${formatDateTime(from)} to ${formatDateTime(to)}`
      : ANALYSIS_RANGES.find((r) => r.value === range)?.label;

  return (
    <Stack>
      <Group align="flex-end" justify="space-between">
        <MultiSelect
          label="Telemetry keys"
          data={template.map((k) => ({ value: k.key, label: k.unit ? `${k.label} (${k.unit})` : k.label }))}
          value={keys}
          onChange={setKeys}
          maxValues={6}
          w={480}
          searchable
          error={keys.length === 0 ? 'Choose at least one key.' : null}
        />
        <SegmentedControl
          aria-label="Date range"
          data={[
            ...ANALYSIS_RANGES.map((r) => ({ value: r.value, label: r.label })),
            { value: 'custom', label: 'Custom' },
          ]}
          value={range}
          onChange={handleRange}
        />
      </Group>
      {range === 'custom' ? (
        <Group align="flex-start">
          <TextInput
            type="datetime-local"
            label="From"
            value={customFrom}
            onChange={(e) => handleCustom(e.currentTarget.value, customTo)}
            error={customError}
          />
          <TextInput
            type="datetime-local"
            label="To"
            value={customTo}
            onChange={(e) => handleCustom(customFrom, e.currentTarget.value)}
          />
        </Group>
      ) : null}
      {template.length === 0 ? (
        <Text c="dimmed" size="sm">
          The model has no telemetry template, so there is nothing to chart.
        </Text>
      ) : keys.length === 0 || customError ? null : (
        <QueryState
          query={query}
          what="telemetry"
          isEmpty={(d) => d.length === 0}
          emptyText="No telemetry in this range."
        >
          {() => (
            <>
              <TimeSeriesChart series={series} label={`Telemetry, ${rangeLabel}`} />
              <Table aria-label="Telemetry summary">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Points</Table.Th>
                    <Table.Th>Min</Table.Th>
                    <Table.Th>Max</Table.Th>
                    <Table.Th>Average</Table.Th>
                    <Table.Th>Latest</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {series.map((s) => {
                    const sum = summaryText(s.key, s.unit, s.points);
                    return (
                      <Table.Tr key={s.name}>
                        <Table.Td>{s.name}</Table.Td>
                        <Table.Td>{s.points.length}</Table.Td>
                        <Table.Td>{sum.min}</Table.Td>
                        <Table.Td>{sum.max}</Table.Td>
                        <Table.Td>{sum.avg}</Table.Td>
                        <Table.Td>{sum.latest}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
