import { useAppState, useAppStoreApi } from '@/state/store-context';

/** The severities kept in the store's `fault_data` details filter (setting it clears the other details filters). */
export function useFaultSeverityFilter(): [number[], (next: number[]) => void] {
  const store = useAppStoreApi();
  const value = useAppState((s) => s.detailTab.fault_data);
  const severities = Array.isArray(value) ? (value as number[]) : [];
  const set = (next: number[]) => {
    store.getState().setDetailsFilter('fault_data', next.length > 0 ? next : null);
    store.getState().setVehicle({ fault_filter_on: next.length > 0 });
  };
  return [severities, set];
}
