import { Alert, Badge, Group, Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header';
import { ComingLater } from './coming-later';
import { type UrlTab, UrlTabs } from './url-tabs';

export interface TabbedDetailsProps {
  title: string;
  /** The record's id from the URL. */
  recordId: string | undefined;
  /** Accessible name of the tab list, e.g. "Vehicle details". */
  tabsLabel: string;
  /** Tabs the user may see. */
  tabs: readonly UrlTab[];
  arrivesWith: string;
}

/** A details page: header with the record id and a URL-driven tab set whose panels say what arrives later. */
export function TabbedDetails({ title, recordId, tabsLabel, tabs, arrivesWith }: TabbedDetailsProps) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          recordId ? (
            <Badge variant="light" size="lg" radius="sm">
              ID {recordId}
            </Badge>
          ) : null
        }
      />
      {tabs.length === 0 ? (
        <Alert color="gray" title="Nothing to show">
          Your role has no access to any tab of this page.
        </Alert>
      ) : (
        <UrlTabs
          label={tabsLabel}
          tabs={tabs}
          renderPanel={(tab) => (
            <Paper withBorder radius="md" p="lg">
              <Group mb="sm">
                <Text fw={600}>{tab.label}</Text>
              </Group>
              <ComingLater arrivesWith={arrivesWith} />
            </Paper>
          )}
        />
      )}
    </>
  );
}
