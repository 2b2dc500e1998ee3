/** The one time range of a dashboard: a preset, kept in the URL (`?range=7d`). */
export const RANGE_PRESETS = [
  { id: '24h', label: '24 hours', hours: 24 },
  { id: '7d', label: '7 days', hours: 7 * 24 },
  { id: '30d', label: '30 days', hours: 30 * 24 },
  { id: '60d', label: '60 days', hours: 60 * 24 },
] as const;
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id'];
export const DEFAULT_RANGE: RangePresetId = '7d';

export interface TimeRange {
  preset: RangePresetId;
  /** ISO date-times; `to` is the end of the current hour, so the range (and its query keys) hold for an hour. */
  from: string;
  to: string;
}

const HOUR = 3_600_000;

export function isRangePreset(value: unknown): value is RangePresetId {
  return RANGE_PRESETS.some((p) => p.id === value);
}

/** The range of a preset ending with the current hour. */
export function rangeOf(preset: RangePresetId, now = Date.now()): TimeRange {
  const hours = RANGE_PRESETS.find((p) => p.id === preset)?.hours ?? 24 * 7;
  const end = Math.ceil(now / HOUR) * HOUR;
  return { preset, from: new Date(end - hours * HOUR).toISOString(), to: new Date(end).toISOString() };
}
