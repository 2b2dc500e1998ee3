import type { RoutePageProps } from '@/config/paths';
import { BMS_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { DeviceDetails } from './device-details';

/** BMS details: the 8 tabs of spec §2 (incl. Battery State Cycle), each shown only with its permission key. */
export function BmsDetailsPage({ route }: RoutePageProps) {
  const can = useCan();
  return <DeviceDetails title={route.title} kind="BMS" tabs={BMS_TABS.filter((tab) => can(tab.permission))} />;
}
