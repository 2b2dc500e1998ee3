import { describe, expect, test } from 'vitest';
import type { AnalysisComparison } from '../api/analysis-api';
import { comparisonCsvRows } from './analysis-metrics';
import { categoryText } from './category-text';
import { rangeErrors } from './date-range';

const WINDOW = { dataFrom: new Date(2025, 10, 2, 10).toISOString(), dataTo: new Date(2026, 0, 1, 10).toISOString() };

describe('rangeErrors', () => {
  test('a range inside the window is fine, ends included', () => {
    expect(rangeErrors('2025-11-02', '2026-01-01', WINDOW)).toEqual({});
  });
  test('an end before the start, a start before the data, an end after it', () => {
    expect(rangeErrors('2025-12-10', '2025-12-01', WINDOW)).toEqual({
      to: 'The end of the range is before its start.',
    });
    expect(rangeErrors('2025-11-01', '2025-12-01', WINDOW).from).toBe('Data starts on 2 Nov 2025; pick a later start.');
    expect(rangeErrors('2025-12-01', '2026-01-02', WINDOW).to).toBe('Data ends on 1 Jan 2026; pick an earlier end.');
    expect(rangeErrors('', '', WINDOW)).toEqual({ from: 'Enter a start date.', to: 'Enter an end date.' });
  });
});

test('the CSV has one row per subject with every figure, unformatted', () => {
  const subject = {
    id: 'veh-1',
    name: 'KA01',
    vehicleCount: 1,
    tripCount: 3,
    distanceKm: 100.5,
    energyKwh: 3.2,
    energyWhPerKm: 31.8,
    drivingHours: 4,
    utilisationPct: 1.5,
    socUsedPct: 80,
    socUsedPerVehicleDayPct: 2.7,
    faultCount: 1,
    faultsPer1000Km: 9.95,
    chargingSessions: 2,
    avgPlugInSoc: null,
    avgUnplugSoc: 90,
    daily: [],
  };
  const comparison: AnalysisComparison = {
    groupBy: 'vehicle',
    from: 'a',
    to: 'b',
    dataFrom: 'a',
    dataTo: 'b',
    subjects: [subject],
  };
  const { columns, rows } = comparisonCsvRows(comparison);
  expect(columns).toContain('Energy per km (Wh/km)');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    Name: 'KA01',
    'Energy per km (Wh/km)': 31.8,
    'Distance (km)': 100.5,
    'Faults per 1,000 km': 9.95,
    'SoC at plug-in (%)': '',
  });
});

test('a bar chart text names the highest and lowest and lists every value', () => {
  const text = categoryText(
    'Distance',
    ['A', 'B', 'C'],
    [{ name: 'Distance', unit: 'km', decimals: 1, values: [10, 30, null] }],
  );
  expect(text.summary).toBe('Distance: 3 compared. Distance: highest B (30.0 km), lowest A (10.0 km).');
  expect(text.table.rows).toEqual([
    ['A', '10.0'],
    ['B', '30.0'],
    ['C', '—'],
  ]);
});
