import { Badge, Code, Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { formatDateTime } from '@/shared/lib/format';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import type { ApiFeedbackReport } from '../api/feedback-reports';

type ConsoleEntry = ApiFeedbackReport['consoleLogs'][number];
type NetworkEntry = ApiFeedbackReport['networkLogs'][number];
type PageView = ApiFeedbackReport['pageViews'][number];
type Snapshot = NonNullable<ApiFeedbackReport['screenshot']>;

const LOG_PAGE_SIZE = 20;
const PRIORITY_COLOURS: Record<string, string> = { INFO: 'blue', WARNING: 'yellow', ERROR: 'red', CLICK: 'gray' };

/** A time the widget wrote: shown as a date when it is one, else as sent. */
function when(date: string | null): string {
  if (date === null) return '—';
  return Number.isNaN(Date.parse(date)) ? date : formatDateTime(date, true);
}

/** Rows of a log with a pager of their own when there are more than a page. */
function PagedLog<T>(props: { label: string; columns: CompactColumn<T>[]; rows: T[]; empty: string }) {
  const [page, setPage] = useState(1);
  if (props.rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {props.empty}
      </Text>
    );
  }
  const shown = props.rows.slice((page - 1) * LOG_PAGE_SIZE, page * LOG_PAGE_SIZE);
  return (
    <CompactTable
      label={props.label}
      columns={props.columns}
      rows={shown}
      getRowId={(row) => String(props.rows.indexOf(row))}
      paging={{
        page,
        pageSize: LOG_PAGE_SIZE,
        total: props.rows.length,
        onPageChange: setPage,
        label: `${props.label} pages`,
      }}
    />
  );
}

const CONSOLE_COLUMNS: CompactColumn<ConsoleEntry>[] = [
  { header: 'Time', cell: (e) => when(e.date) },
  {
    header: 'Level',
    cell: (e) => (
      <Badge color={PRIORITY_COLOURS[e.priority] ?? 'gray'} variant="light">
        {e.priority}
      </Badge>
    ),
  },
  {
    header: 'Message',
    cell: (e) => (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {e.log}
      </Text>
    ),
  },
];

export function ConsoleLogTable({ entries }: { entries: ConsoleEntry[] }) {
  return (
    <PagedLog label="Console log" columns={CONSOLE_COLUMNS} rows={entries} empty="No console messages were sent." />
  );
}

const NETWORK_COLUMNS: CompactColumn<NetworkEntry>[] = [
  { header: 'Time', cell: (e) => when(e.date) },
  { header: 'Method', cell: (e) => e.method },
  {
    header: 'URL',
    cell: (e) => (
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {e.url}
      </Text>
    ),
  },
  {
    header: 'Status',
    cell: (e) =>
      e.status === null ? (
        '—'
      ) : (
        <Badge color={e.status >= 400 || e.success === false ? 'red' : 'green'} variant="light">
          {e.status}
        </Badge>
      ),
  },
  { header: 'Duration', cell: (e) => (e.duration === null ? '—' : `${Math.round(e.duration)} ms`) },
];

export function NetworkLogTable({ entries }: { entries: NetworkEntry[] }) {
  return (
    <PagedLog label="Network log" columns={NETWORK_COLUMNS} rows={entries} empty="No network requests were sent." />
  );
}

const PAGE_VIEW_COLUMNS: CompactColumn<PageView>[] = [
  { header: 'Time', cell: (v) => when(v.date) },
  {
    header: 'Page',
    cell: (v) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {v.page}
      </Text>
    ),
  },
];

/** The pages the reporter's session visited before the report. */
export function PageViewsTable({ views }: { views: PageView[] }) {
  return (
    <PagedLog
      label="Page views"
      columns={PAGE_VIEW_COLUMNS}
      rows={views}
      empty="No page views: the report came without a widget session, or the session sent none."
    />
  );
}

/** Keys and values of an object (custom data, metadata); values that are not text shown as JSON. */
export function KeyValueTable({ label, data, empty }: { label: string; data: Record<string, unknown>; empty: string }) {
  const entries = Object.entries(data);
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Table aria-label={label} striped>
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th w={200} fw={500} c="dimmed">
              {key}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {typeof value === 'string' ? value : <Code>{JSON.stringify(value)}</Code>}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Only http(s) bases are given to the frame, so relative images and styles of the page load from where they were. */
function baseOf(url: string | null): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:'
      ? `<base href="${parsed.href.replace(/"/g, '%22')}">`
      : '';
  } catch {
    return '';
  }
}

/** The largest height the snapshot takes on the page; a taller viewport is scaled down to it. */
const SNAPSHOT_MAX_HEIGHT = 520;

/** A side of the visitor's viewport as sent (any number, or none): kept within what a screen can be. */
function viewportSide(sent: number | null, fallback: number): number {
  return sent !== null && Number.isFinite(sent) && sent >= 1 ? Math.min(Math.round(sent), 8_000) : fallback;
}

/**
 * The page as the widget serialised it (`screenshotData`: HTML, not an image), shown as the visitor saw it: at their
 * viewport's size (`width` x `height`), scaled down to fit the card, scrolled where they were (`x`, `y`), so that what
 * they marked (the capture editor's drawing layer, fixed over their viewport) lies over what they marked it on.
 * The frame is sandboxed with `allow-same-origin` alone, as rrweb's replay frame is: no scripts, forms, pop-ups or
 * navigation of the portal, so nothing the reporter's page held can run here; being of the portal's origin lets the
 * portal restore the scroll position, and the browser paints it with the page (a frame of another origin off screen
 * was left unpainted, blank in a full-page capture, decision 0136 Session 25).
 */
export function SnapshotFrame({ snapshot }: { snapshot: Snapshot }) {
  const width = viewportSide(snapshot.width, 1280);
  const height = viewportSide(snapshot.height, 800);
  const { ref, width: available } = useElementSize<HTMLDivElement>();
  // The card's width less the frame's border; before it is measured, the snapshot's own size.
  const fit = available > 2 ? Math.min(1, (available - 2) / width, SNAPSHOT_MAX_HEIGHT / height) : 1;
  return (
    <div ref={ref} style={{ width: '100%' }}>
      <div
        data-testid="snapshot-viewport"
        style={{
          width: width * fit,
          height: height * fit,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
          overflow: 'hidden',
        }}
      >
        <iframe
          title="Page snapshot"
          sandbox="allow-same-origin"
          referrerPolicy="no-referrer"
          srcDoc={`${baseOf(snapshot.baseUrl)}${snapshot.html}`}
          width={width}
          height={height}
          onLoad={(event) => {
            if (snapshot.x !== 0 || snapshot.y !== 0)
              event.currentTarget.contentWindow?.scrollTo(snapshot.x, snapshot.y);
          }}
          style={{
            border: 0,
            background: 'white',
            display: 'block',
            transform: `scale(${fit})`,
            transformOrigin: 'top left',
          }}
        />
      </div>
    </div>
  );
}
