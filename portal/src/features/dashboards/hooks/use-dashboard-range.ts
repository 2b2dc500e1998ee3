import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_RANGE, isRangePreset, type RangePresetId, rangeOf, type TimeRange } from '../lib/time-range';

/** The dashboard's one time range, from `?range=` (default 7 days); changing it replaces the history entry. */
export function useDashboardRange(): [TimeRange, (preset: RangePresetId) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const preset = isRangePreset(raw) ? raw : DEFAULT_RANGE;
  const range = useMemo(() => rangeOf(preset), [preset]);
  const set = (next: RangePresetId) =>
    setParams(
      (p) => {
        p.set('range', next);
        return p;
      },
      { replace: true },
    );
  return [range, set];
}
