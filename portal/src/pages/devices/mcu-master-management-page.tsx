import type { RoutePageProps } from '@/config/paths';
import { DeviceManagement } from '@/features/devices/list/device-management';

/** Motor controllers (MCU): the master list with their state, model and vehicle. */
export function McuMasterManagementPage({ route }: RoutePageProps) {
  return <DeviceManagement kind="MCU" route={route} description="Motor controllers." />;
}
