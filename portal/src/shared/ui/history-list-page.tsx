import { Group } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { type CappedExportCount, cappedCsvFile, useCsvExport } from '@/shared/ui/csv-export/use-csv-export';
import { DateRangeFilter } from '@/shared/ui/data-table/date-range-filter';
import { type ListPage, UrlList, type UrlListProps } from '@/shared/ui/data-table/url-list';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { PageHeader } from '@/shared/ui/page-header';

/** A history's CSV export: every row of the list's current filter, up to the endpoint's limit. */
export interface HistoryCsvExport<T> extends Pick<CappedExportCount, 'fileName' | 'noun' | 'which' | 'rest'> {
  /** What the toasts name: "the audit log" (Exported the audit log). */
  subject: string;
  /** The most rows one export holds, as the endpoint caps it. */
  limit: number;
  columns: string[];
  /** The rows of these params, up to the limit, and how many matched. */
  listAll: (params: ListParams) => Promise<ListPage<T>>;
  /** A row as the file writes it (labels for codes, text for lists); none: the row as the API gives it. */
  toRow?: (item: T) => Record<string, unknown>;
}

export interface HistoryListPageProps<T> extends Omit<UrlListProps<T>, 'paramsRef'> {
  title: string;
  description: string;
  /** Header buttons before Export CSV. */
  actions?: ReactNode;
  /** The page's main button, last in the header ("Send command"). */
  primaryAction?: ReactNode;
  /** The export; none (no right to export): no Export CSV button. */
  csvExport?: HistoryCsvExport<T>;
  /** Between the header and the filters: a result the header's buttons produced. */
  banner?: ReactNode;
  /** Beside the date range: a filter the table set ("Vehicle: VIN1 ×") or a hint. */
  filterAside?: ReactNode;
  /** After the list: its drawers and dialogs. */
  children?: ReactNode;
}

/**
 * A history page: the route's header with its buttons and Export CSV of the current filter, a date range, and the
 * server-side list whose params live in the URL. Columns, filters and the export's columns stay in the page.
 */
export function HistoryListPage<T>({
  title,
  description,
  actions,
  primaryAction,
  csvExport,
  banner,
  filterAside,
  children,
  ...list
}: HistoryListPageProps<T>) {
  const params = useRef<ListParams | null>(null);
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Group gap="xs">
            {actions}
            {csvExport ? <HistoryExportButton csvExport={csvExport} params={params} /> : null}
            {primaryAction}
          </Group>
        }
      />
      {banner}
      <Group mb="sm" gap="md" align="flex-end">
        <DateRangeFilter filterKeys={list.filterKeys} />
        {filterAside}
      </Group>
      <UrlList {...list} paramsRef={params} />
      {children}
    </>
  );
}

function HistoryExportButton<T>({
  csvExport: { subject, limit, columns, listAll, toRow, ...count },
  params,
}: {
  csvExport: HistoryCsvExport<T>;
  params: { readonly current: ListParams | null };
}) {
  // Its own component, so the busy state re-renders the button and not the list.
  const exportState = useCsvExport(subject, async () => {
    if (!params.current) return null;
    const { items, total } = await listAll(params.current);
    const rows = toRow ? items.map(toRow) : (items as unknown as Record<string, unknown>[]);
    return cappedCsvFile({ ...count, columns, rows, total });
  });
  return (
    <ExportCsvButton {...exportState} title={`Exports up to ${limit.toLocaleString('en')} matching ${count.noun}`} />
  );
}
