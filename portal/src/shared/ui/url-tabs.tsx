import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface UrlTab {
  id: string;
  label: string;
}

export interface UrlTabsProps<T extends UrlTab> {
  /** Accessible name of the tab list. */
  label: string;
  /** The tabs the user may see, in order. */
  tabs: readonly T[];
  /** Query parameter that holds the current tab, so a link opens it. */
  param?: string;
  renderPanel: (tab: T) => ReactNode;
}

/**
 * A tab set whose current tab lives in the URL (`?tab=<id>`). Exactly one tab is current: an unknown or missing id
 * falls back to the first tab. Switching replaces the history entry so Back leaves the page, not the tab.
 */
export function UrlTabs<T extends UrlTab>({ label, tabs, param = 'tab', renderPanel }: UrlTabsProps<T>) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(param);
  const current = tabs.find((t) => t.id === requested) ?? tabs[0];
  if (!current) return null;

  const handleChange = (value: string | null) => {
    if (!value) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(param, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={current.id} onChange={handleChange} keepMounted={false}>
      <Tabs.List aria-label={label} mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.id} value={tab.id}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.id} value={tab.id}>
          {tab.id === current.id ? renderPanel(tab) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
