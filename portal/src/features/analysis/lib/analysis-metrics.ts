import type { AnalysisComparison, AnalysisSubject } from '../api/analysis-api';

type NumericKey = {
  [K in keyof AnalysisSubject]: AnalysisSubject[K] extends number | null ? K : never;
}[keyof AnalysisSubject];

export interface Metric {
  key: NumericKey;
  label: string;
  unit: string;
  decimals: number;
  /** What the figure means, shown under the table. */
  help: string;
}

/** The figures a comparison shows, in table order; the chart plots one at a time. */
export const METRICS: readonly Metric[] = [
  {
    key: 'energyWhPerKm',
    label: 'Energy per km',
    unit: 'Wh/km',
    decimals: 1,
    help: 'Energy used over distance driven.',
  },
  {
    key: 'distanceKm',
    label: 'Distance',
    unit: 'km',
    decimals: 1,
    help: 'Sum of the trips that started in the range.',
  },
  { key: 'energyKwh', label: 'Energy used', unit: 'kWh', decimals: 2, help: 'Energy the trips drew from the battery.' },
  {
    key: 'socUsedPerVehicleDayPct',
    label: 'SoC used per vehicle-day',
    unit: '%',
    decimals: 1,
    help: 'State of charge used by battery cycles, per vehicle and day.',
  },
  {
    key: 'faultsPer1000Km',
    label: 'Faults per 1,000 km',
    unit: '',
    decimals: 2,
    help: 'Fault and alert occurrences in the range per 1,000 km driven.',
  },
  {
    key: 'utilisationPct',
    label: 'Utilisation',
    unit: '%',
    decimals: 2,
    help: 'Hours driven over the hours of the range, per vehicle.',
  },
  {
    key: 'chargingSessions',
    label: 'Charging sessions',
    unit: '',
    decimals: 0,
    help: 'Charges between battery cycles in the range.',
  },
  {
    key: 'avgPlugInSoc',
    label: 'SoC at plug-in',
    unit: '%',
    decimals: 1,
    help: 'Average state of charge when charging began.',
  },
  {
    key: 'avgUnplugSoc',
    label: 'SoC at unplug',
    unit: '%',
    decimals: 1,
    help: 'Average state of charge when charging ended.',
  },
];

export function metricOf(key: string | null | undefined): Metric {
  return METRICS.find((m) => m.key === key) ?? (METRICS[0] as Metric);
}

/** The comparison as CSV rows: one per subject, every metric plus the counts, numbers unformatted. */
export function comparisonCsvRows(comparison: AnalysisComparison): {
  columns: string[];
  rows: Record<string, unknown>[];
} {
  const columns = [
    'Name',
    'Id',
    'Vehicles',
    'Trips',
    'Faults',
    'Driving hours',
    'From',
    'To',
    ...METRICS.map((m) => (m.unit ? `${m.label} (${m.unit})` : m.label)),
  ];
  const rows = comparison.subjects.map((s) => {
    const row: Record<string, unknown> = {
      Name: s.name,
      Id: s.id,
      Vehicles: s.vehicleCount,
      Trips: s.tripCount,
      Faults: s.faultCount,
      'Driving hours': s.drivingHours,
      From: comparison.from,
      To: comparison.to,
    };
    for (const m of METRICS) row[m.unit ? `${m.label} (${m.unit})` : m.label] = s[m.key] ?? '';
    return row;
  });
  return { columns, rows };
}
