import type { RoutePageProps } from '@/config/paths';
import { MCU_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { DeviceDetails } from './device-details';

/** MCU details: the 6 tabs of spec §2, each shown only with its permission key. */
export function McuDetailsPage({ route }: RoutePageProps) {
  const can = useCan();
  return <DeviceDetails title={route.title} kind="MCU" tabs={MCU_TABS.filter((tab) => can(tab.permission))} />;
}
