import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { PageHeader } from '@/shared/ui/page-header';
import { LoggerList } from '@/features/components/components/logger-list';
import { SimCardList } from '@/features/components/components/sim-card-list';

const TABS = [
  { id: 'sim-cards', label: 'SIM cards' },
  { id: 'loggers', label: 'Logger devices' },
] as const;

/** Component master data: the SIM cards and logger devices that connect vehicles. */
export function ComponentManagementPage({ route }: RoutePageProps) {
  const [search, setSearch] = useSearchParams();
  const current = TABS.find((t) => t.id === search.get('tab'))?.id ?? 'sim-cards';
  return (
    <>
      <PageHeader title={route.title} description="SIM cards and logger devices: the parts that connect vehicles." />
      <Tabs
        value={current}
        // A new tab starts with its own list state: the other list's search, filters and page do not carry over.
        onChange={(tab) => tab && setSearch(new URLSearchParams({ tab }), { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Components" mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.id} value={t.id}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="sim-cards">
          <SimCardList />
        </Tabs.Panel>
        <Tabs.Panel value="loggers">
          <LoggerList />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
