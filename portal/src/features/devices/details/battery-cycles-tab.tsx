import { paths } from '@/config/paths';
import { Anchor, Card, Chip, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BATTERY_CYCLE_STATUS_LABELS } from '@/domain/enums';
import { formatDateTime, formatNumber } from '@/shared/lib/format';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import { QueryState } from '@/shared/ui/query-state';
import { RunStatusBadge } from '@/shared/ui/run-status-badge';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { type ApiBatteryCycle, useBatteryCycles } from './api/list-battery-cycles';

const DAY = 86_400_000;
const PAGE_SIZE = 15;
const getCycleId = (c: ApiBatteryCycle) => c.id;
const CYCLE_COLUMNS: CompactColumn<ApiBatteryCycle>[] = [
  { header: '#', cell: (c) => c.index },
  { header: 'Started', cell: (c) => formatDateTime(c.startedAt) },
  { header: 'SoC', cell: (c) => `${Math.round(c.startSoc)}% → ${Math.round(c.endSoc)}%` },
  { header: 'Energy', cell: (c) => formatNumber(c.energyKwh, 'kWh', 2) },
  { header: 'Cell voltage', cell: (c) => `${c.minCellVoltage.toFixed(3)}–${c.maxCellVoltage.toFixed(3)} V` },
  { header: 'Max temp.', cell: (c) => formatNumber(c.maxTemperatureC, '°C') },
  { header: 'Status', cell: (c) => <RunStatusBadge status={c.status} /> },
];

/** Statistics periods (the `bms_statistics_data` details filter). */
export const STATISTICS_PERIODS = [
  { value: 'all', label: 'All time', days: null },
  { value: '7d', label: '7 days', days: 7 },
  { value: '30d', label: '30 days', days: 30 },
  { value: '90d', label: '90 days', days: 90 },
] as const;

/** SoC filters (the `bms_soc_data` details filter): how deep a cycle went. */
export const SOC_FILTERS = [
  { value: 'all', label: 'Any depth' },
  { value: 'deep', label: 'Deep (ΔSoC ≥ 50%)' },
  { value: 'shallow', label: 'Shallow (ΔSoC < 50%)' },
] as const;

/** How far a cycle moved the state of charge, in percentage points. */
export function socSwing(cycle: Pick<ApiBatteryCycle, 'startSoc' | 'endSoc'>): number {
  return Math.abs(cycle.startSoc - cycle.endSoc);
}

/** Keeps the cycles that match the SoC filter. */
export function filterBySoc<T extends Pick<ApiBatteryCycle, 'startSoc' | 'endSoc'>>(
  cycles: readonly T[],
  soc: string,
): T[] {
  if (soc === 'deep') return cycles.filter((c) => socSwing(c) >= 50);
  if (soc === 'shallow') return cycles.filter((c) => socSwing(c) < 50);
  return [...cycles];
}

function statsOf(cycles: readonly ApiBatteryCycle[]) {
  const energy = cycles.reduce((sum, c) => sum + c.energyKwh, 0);
  const swing = cycles.length ? cycles.reduce((sum, c) => sum + socSwing(c), 0) / cycles.length : Number.NaN;
  const maxTemp = cycles.reduce((m, c) => Math.max(m, c.maxTemperatureC), Number.NEGATIVE_INFINITY);
  const minCell = cycles.reduce((m, c) => Math.min(m, c.minCellVoltage), Number.POSITIVE_INFINITY);
  return { count: cycles.length, energy, swing, maxTemp, minCell };
}

/**
 * Battery State Cycle: the BMS's cycles with status, SoC and statistics filters (the last two are the store's
 * exclusive `bms_soc_data` and `bms_statistics_data` details filters), statistics over the filtered cycles, and a
 * link to each cycle's cell history.
 */
export function BatteryCyclesTab({ bmsId, canSeeCells }: { bmsId: string; canSeeCells: boolean }) {
  const store = useAppStoreApi();
  const period = useAppState((s) => s.detailTab.bms_statistics_data) ?? 'all';
  const soc = useAppState((s) => s.detailTab.bms_soc_data) ?? 'all';
  const [statuses, setStatuses] = useState<number[]>([]);
  const [page, setPage] = useState(1);
  const [now] = useState(() => Date.now());
  const days = STATISTICS_PERIODS.find((p) => p.value === period)?.days ?? null;
  const from = days === null ? undefined : new Date(Math.floor((now - days * DAY) / 60_000) * 60_000).toISOString();
  // Cycles per pack stay in the hundreds, so one call brings them all and the SoC filter can apply to every one.
  const query = useBatteryCycles({ bmsId, statuses, from, page: 1, pageSize: 1000 });
  const filtered = useMemo(() => filterBySoc(query.data?.items ?? [], soc), [query.data, soc]);
  const stats = statsOf(filtered);

  const handlePeriod = (value: string) => {
    setPage(1);
    store.getState().setDetailsFilter('bms_statistics_data', value === 'all' ? null : value);
  };
  const handleSoc = (value: string) => {
    setPage(1);
    store.getState().setDetailsFilter('bms_soc_data', value === 'all' ? null : value);
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Chip.Group
          multiple
          value={statuses.map(String)}
          onChange={(v) => {
            setPage(1);
            setStatuses(v.map(Number).sort());
          }}
        >
          <Group gap="xs" role="group" aria-label="Cycle status">
            {([1, 2, 3, 4] as const).map((s) => (
              <Chip key={s} value={String(s)} variant="outline">
                {BATTERY_CYCLE_STATUS_LABELS[s]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group>
          <SegmentedControl
            aria-label="State of charge"
            data={SOC_FILTERS.map((f) => ({ ...f }))}
            value={soc}
            onChange={handleSoc}
          />
          <SegmentedControl
            aria-label="Statistics period"
            data={STATISTICS_PERIODS.map(({ value, label }) => ({ value, label }))}
            value={period}
            onChange={handlePeriod}
          />
        </Group>
      </Group>
      <QueryState query={query} what="battery cycles">
        {() => (
          <>
            <SimpleGrid cols={{ base: 2, md: 5 }} aria-label="Cycle statistics" role="group">
              {[
                ['Cycles', String(stats.count)],
                ['Energy', formatNumber(stats.energy, 'kWh', 1)],
                ['Average ΔSoC', formatNumber(stats.swing, '%', 0)],
                ['Highest temperature', stats.count ? formatNumber(stats.maxTemp, '°C', 1) : '—'],
                ['Lowest cell voltage', stats.count ? formatNumber(stats.minCell, 'V', 3) : '—'],
              ].map(([label, value]) => (
                <Card key={label} withBorder radius="md" padding="sm">
                  <Text size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={700}>{value}</Text>
                </Card>
              ))}
            </SimpleGrid>
            {filtered.length === 0 ? (
              <Text size="sm" c="dimmed">
                No cycles match these filters.
              </Text>
            ) : (
              <CompactTable
                label="Battery cycles"
                columns={
                  canSeeCells
                    ? [
                        ...CYCLE_COLUMNS,
                        {
                          header: 'Cells',
                          cell: (c) => (
                            <Anchor
                              component={Link}
                              to={paths.batteryPackHistory.href(bmsId, { cycle: c.id })}
                              size="sm"
                            >
                              Cell history
                            </Anchor>
                          ),
                        },
                      ]
                    : CYCLE_COLUMNS
                }
                rows={filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
                getRowId={getCycleId}
                paging={{
                  page,
                  pageSize: PAGE_SIZE,
                  total: filtered.length,
                  onPageChange: setPage,
                  label: 'Cycle pages',
                }}
              />
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
