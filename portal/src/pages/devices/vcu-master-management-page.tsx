import type { RoutePageProps } from '@/config/paths';
import { DeviceManagement } from '@/features/devices/list/device-management';

/** Vehicle controllers (VCU): the master list with their state, model and vehicle. */
export function VcuMasterManagementPage({ route }: RoutePageProps) {
  return <DeviceManagement kind="VCU" route={route} description="Vehicle controllers." />;
}
