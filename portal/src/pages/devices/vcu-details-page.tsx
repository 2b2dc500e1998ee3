import type { RoutePageProps } from '@/config/paths';
import type { TabDef } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { DeviceDetails } from './device-details';

/**
 * VCU details. The spec names no VCU tab set and only the `VCU.l.d` key, so the page offers what that key can show
 * (overview, analysis, attributes) and a Commands tab under `VCU.l.d.c`, as BMS and MCU have theirs (decision 0085).
 */
export const VCU_TABS = [
  { id: 'overview', label: 'Overview', permission: 'VCU.l.d' },
  { id: 'commands', label: 'Commands', permission: 'VCU.l.d.c' },
  { id: 'analysis', label: 'Analysis', permission: 'VCU.l.d' },
  { id: 'attributes', label: 'Attributes', permission: 'VCU.l.d' },
] as const satisfies readonly TabDef[];

/** One vehicle controller: identity, state, commands and telemetry. */
export function VcuDetailsPage({ route }: RoutePageProps) {
  const can = useCan();
  return <DeviceDetails title={route.title} kind="VCU" tabs={VCU_TABS.filter((tab) => can(tab.permission))} />;
}
