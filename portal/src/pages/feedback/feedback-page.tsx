import { Badge, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { type RoutePageProps, paths } from '@/config/paths';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef, FilterOption } from '@/shared/ui/data-table/filter-bar';
import { useListParams } from '@/shared/ui/data-table/use-list-params';
import { HistoryListPage } from '@/shared/ui/history-list-page';
import { useCan } from '@/state/use-can';
import {
  type ApiFeedbackReportSummary,
  feedbackReportsQueryOptions,
  useFeedbackReports,
} from '@/features/feedback/api/feedback-reports';
import { REPORT_TYPES, ReportTypeBadge, reportTypeLabel } from '@/features/feedback/components/report-type-badge';
import { useSdkKeys } from '@/features/settings/api/settings-api';

const FILTER_KEYS = ['type', 'status', 'sdkKey', 'from', 'to'] as const;
const TYPE_FILTER: FilterDef = {
  key: 'type',
  label: 'Type',
  options: REPORT_TYPES.map((t) => ({ value: t, label: reportTypeLabel(t) })),
};
const STATUS_FILTER: FilterDef = {
  key: 'status',
  label: 'Status',
  options: [
    { value: 'OPEN', label: 'Open' },
    { value: 'INPROGRESS', label: 'In progress' },
    { value: 'DONE', label: 'Done' },
  ],
};
const STATUS_COLOURS: Record<ApiFeedbackReportSummary['status'], string> = {
  OPEN: 'blue',
  INPROGRESS: 'yellow',
  DONE: 'green',
};

const col = createColumnHelper<ApiFeedbackReportSummary>();
const COLUMNS = [
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'Received',
    size: 170,
    meta: { label: 'Received', sortField: 'createdAt' },
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('type', {
    header: 'Type',
    size: 150,
    meta: { label: 'Type', sortField: 'type' },
    cell: (c) => <ReportTypeBadge type={c.getValue()} />,
  }),
  col.accessor('description', {
    header: 'Description',
    size: 380,
    meta: { label: 'Description' },
    cell: (c) =>
      c.getValue() ?? (
        <Text span c="dimmed" size="sm">
          {c.row.original.isSilent ? 'Sent by the page (no description)' : 'No description'}
        </Text>
      ),
  }),
  col.accessor('reportedBy', {
    header: 'Reporter',
    size: 200,
    meta: { label: 'Reporter', sortField: 'reportedBy' },
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('pageUrl', {
    header: 'Page',
    size: 240,
    meta: { label: 'Page' },
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('status', {
    header: 'Status',
    size: 110,
    meta: { label: 'Status', sortField: 'status' },
    cell: (c) => (
      <Badge color={STATUS_COLOURS[c.getValue()]} variant="light">
        {c.getValue()}
      </Badge>
    ),
  }),
];
const getReportId = (r: ApiFeedbackReportSummary) => r.id;
const rowHref = (r: ApiFeedbackReportSummary) => paths.feedbackReport.href(r.id);
const rowLabel = (r: ApiFeedbackReportSummary) => `${reportTypeLabel(r.type)} report ${r.id}`;

/**
 * The SDK key filter's choices (decision 0130). A caller who may read Settings' keys (`s`) is offered every key of the
 * organisation (`GET /sdk-keys`, revoked ones marked, since their reports stay). Anyone else with the inbox is offered
 * the keys named by the reports they have listed here: the same page the list asks for (one request, shared through
 * the query cache), gathered while they browse. A key in the URL is always offered, by its id until its name is known.
 */
function useSdkKeyOptions(): FilterOption[] {
  const mayReadKeys = useCan()('s');
  const keys = useSdkKeys({ enabled: mayReadKeys });
  const [params] = useListParams(FILTER_KEYS);
  const page = useQuery({ ...feedbackReportsQueryOptions(params), enabled: !mayReadKeys });
  const seen = useRef(new Map<string, string>());
  const selected = params.filters.sdkKey;
  const items = page.data?.items;
  const keyList = keys.data;
  return useMemo(() => {
    const options = new Map<string, string>();
    if (mayReadKeys) {
      for (const k of keyList ?? []) options.set(k.id, k.revokedAt ? `${k.name} (revoked)` : k.name);
    } else {
      for (const r of items ?? []) seen.current.set(r.sdkKeyId, r.sdkKeyName);
      for (const [id, name] of seen.current) options.set(id, name);
    }
    if (selected && !options.has(selected)) options.set(selected, selected);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [mayReadKeys, keyList, items, selected]);
}

/** The feedback inbox: the reports the widget sent under the organisation's SDK keys (decision 0116). */
export function FeedbackPage({ route }: RoutePageProps) {
  const keyOptions = useSdkKeyOptions();
  const filterDefs = useMemo<FilterDef[]>(
    () => [TYPE_FILTER, STATUS_FILTER, { key: 'sdkKey', label: 'SDK key', options: keyOptions, width: 220 }],
    [keyOptions],
  );
  return (
    <HistoryListPage
      title={route.title}
      description="Bug reports, feature requests and ratings the widget sent from your pages, newest first."
      actions={
        <Button component={Link} to={paths.feedbackConversations.href()} variant="default" size="sm">
          Conversations without a report
        </Button>
      }
      filterKeys={FILTER_KEYS}
      useList={useFeedbackReports}
      searchLabel="Search reports"
      filterDefs={filterDefs}
      label="Feedback reports"
      tableId="feedback-reports"
      columns={COLUMNS}
      getRowId={getReportId}
      rowHref={rowHref}
      rowLabel={rowLabel}
      linkColumn="createdAt"
      emptyText="No reports match these filters."
    />
  );
}
