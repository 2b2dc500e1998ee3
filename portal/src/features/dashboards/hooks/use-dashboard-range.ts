import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  customRangeErrors,
  customRangeOf,
  DEFAULT_RANGE,
  isRangePreset,
  type RangePresetId,
  rangeOf,
  type TimeRange,
} from '../lib/time-range';

export type RangeChange = RangePresetId | { fromDay: string; toDay: string };

/**
 * The dashboard's one time range, from `?range=` (default 7 days) or `?range=custom&from=&to=`; changing it replaces
 * the history entry. A custom range in the URL that is not valid (edited by hand) falls back to the default preset.
 */
export function useDashboardRange(): [TimeRange, (next: RangeChange) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const range = useMemo(() => {
    if (raw === 'custom' && Object.keys(customRangeErrors(fromDay, toDay)).length === 0) {
      const custom = customRangeOf(fromDay, toDay);
      if (custom) return custom;
    }
    return rangeOf(isRangePreset(raw) ? raw : DEFAULT_RANGE);
  }, [raw, fromDay, toDay]);
  const set = (next: RangeChange) =>
    setParams(
      (p) => {
        if (typeof next === 'string') {
          p.set('range', next);
          p.delete('from');
          p.delete('to');
        } else {
          p.set('range', 'custom');
          p.set('from', next.fromDay);
          p.set('to', next.toDay);
        }
        return p;
      },
      { replace: true },
    );
  return [range, set];
}
