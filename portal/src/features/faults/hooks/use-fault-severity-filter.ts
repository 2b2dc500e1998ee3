import { useAppState, useAppStoreApi } from '@/state/store-context';

/** The severities kept in the store's `fault_data` details filter (setting it clears the other details filters). */
export function useFaultSeverityFilter(): [number[], (next: number[]) => void] {
  const store = useAppStoreApi();
  const value = useAppState((s) => s.detailTab.fault_data);
  const severities = value ?? [];
  const set = (next: number[]) => store.getState().setDetailsFilter('fault_data', next.length > 0 ? next : null);
  return [severities, set];
}
