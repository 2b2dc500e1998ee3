import type { RoutePageProps } from '@/config/paths';
import { DeviceManagement } from '@/features/devices/list/device-management';

/** Battery management systems (BMS): the master list with their state, model and vehicle. */
export function BmsMasterManagementPage({ route }: RoutePageProps) {
  return <DeviceManagement kind="BMS" route={route} description="Battery management systems." />;
}
