import { Badge, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { type RoutePageProps, paths } from '@/config/paths';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { HistoryListPage } from '@/shared/ui/history-list-page';
import { type ApiFeedbackReportSummary, useFeedbackReports } from '@/features/feedback/api/feedback-reports';
import { REPORT_TYPES, ReportTypeBadge, reportTypeLabel } from '@/features/feedback/components/report-type-badge';

const FILTER_KEYS = ['type', 'status', 'from', 'to'] as const;
const FILTER_DEFS: FilterDef[] = [
  { key: 'type', label: 'Type', options: REPORT_TYPES.map((t) => ({ value: t, label: reportTypeLabel(t) })) },
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'OPEN', label: 'Open' },
      { value: 'INPROGRESS', label: 'In progress' },
      { value: 'DONE', label: 'Done' },
    ],
  },
];
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

/** The feedback inbox: the reports the widget sent under the organisation's SDK keys (decision 0116). */
export function FeedbackPage({ route }: RoutePageProps) {
  return (
    <HistoryListPage
      title={route.title}
      description="Bug reports, feature requests and ratings the widget sent from your pages, newest first."
      filterKeys={FILTER_KEYS}
      useList={useFeedbackReports}
      searchLabel="Search reports"
      filterDefs={FILTER_DEFS}
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
