import { Paper, Text } from '@mantine/core';
import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { MASTER_DATA_TABS, type MasterDataKind, MODEL_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';

/** Master-data sub-tabs per model kind: an EV model has all three device states, a device model only its own. */
const MASTER_DATA_KINDS: Record<string, readonly MasterDataKind[]> = {
  ev: ['vcu', 'bms', 'mcu'],
  bms: ['bms'],
  mcu: ['mcu'],
  vcu: ['vcu'],
};

/** Model management for one device kind: the six model tabs; Master Data holds one sub-tab per device kind. */
export function ModelManagementPage({ route }: RoutePageProps) {
  const can = useCan();
  const kind = route.params?.kind ?? 'ev';
  const arrivesWith = LATER_WORK[route.later ?? 'later'];
  const tabs = MODEL_TABS.filter((tab) => !('permission' in tab) || can(tab.permission));
  const masterTabs = (MASTER_DATA_KINDS[kind] ?? []).map((k) => MASTER_DATA_TABS[k]);
  return (
    <>
      <PageHeader title={route.title} description="Models of this device kind and everything a model defines." />
      <UrlTabs
        label="Model"
        tabs={tabs}
        renderPanel={(tab) => (
          <Paper withBorder radius="md" p="lg">
            <Text fw={600} mb="sm">
              {tab.label}
            </Text>
            {tab.id === 'master-data' ? (
              <UrlTabs
                label="Master data"
                param="sub"
                tabs={masterTabs}
                renderPanel={() => <ComingLater arrivesWith={arrivesWith} />}
              />
            ) : (
              <ComingLater arrivesWith={arrivesWith} />
            )}
          </Paper>
        )}
      />
    </>
  );
}
