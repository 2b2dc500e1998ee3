import { Anchor, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { DialogLoading } from '@/shared/ui/dialog-loading';
import { IconPlus } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { TICKET_STATUS, TICKET_STATUS_LABELS, type TicketStatus } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCE_LABELS,
  TICKET_SOURCES,
  type TicketSource,
} from '@/domain/tickets';
import { formatDateTime } from '@/shared/lib/format';
import { DateRangeFilter } from '@/shared/ui/data-table/date-range-filter';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { type ListParams, useListParams } from '@/shared/ui/data-table/use-list-params';
import { PageHeader } from '@/shared/ui/page-header';
import { useAppState } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { listAllTickets, TICKET_EXPORT_LIMIT, useTicketList } from '@/features/tickets/api/list-tickets';
import { useTicketAssignees } from '@/features/tickets/api/ticket-assignees';
import type { ApiTicket } from '@/features/tickets/api/ticket-types';
import type { NewTicketPreset } from '@/features/tickets/components/new-ticket-modal';
import { SlaTimer, TicketPriorityBadge, TicketStatusBadge } from '@/features/tickets/components/ticket-badges';
import { useReturnFocus } from '@/shared/ui/use-dialog-state';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';
import { cappedCsvFile, useCsvExport } from '@/shared/ui/csv-export/use-csv-export';

/** The ticket's drawer and the new-ticket form load when they open, not with the list. */
const TicketDrawer = lazy(() =>
  import('@/features/tickets/components/ticket-drawer').then((m) => ({ default: m.TicketDrawer })),
);
const NewTicketModal = lazy(() =>
  import('@/features/tickets/components/new-ticket-modal').then((m) => ({ default: m.NewTicketModal })),
);

const FILTER_KEYS = ['priority', 'assigneeId', 'dealerId', 'source', 'overdue', 'from', 'to'] as const;
/** The state tabs: the detail-tab group's `ticket_state_filter` (null: every status but Deleted). */
const STATE_TABS: (TicketStatus | null)[] = [null, 1, 2, 3, 4, 6, 5];
const CSV_COLUMNS = [
  'ref',
  'title',
  'status',
  'priority',
  'source',
  'vehicleLabel',
  'dealerName',
  'assigneeName',
  'createdAt',
  'updatedAt',
  'closedAt',
  'firstResponse',
  'resolution',
];

const col = createColumnHelper<ApiTicket>();
const COLUMNS = [
  col.accessor('ref', { header: 'Ticket', size: 100, meta: { label: 'Ticket', sortField: 'ref' } }),
  col.accessor('title', {
    header: 'Title',
    size: 240,
    meta: { label: 'Title' },
    cell: (c) => (
      <Text size="sm" lineClamp={1} title={c.getValue()}>
        {c.getValue()}
      </Text>
    ),
  }),
  col.accessor('status', {
    header: 'Status',
    size: 135,
    meta: { label: 'Status', sortField: 'status' },
    cell: (c) => <TicketStatusBadge status={c.getValue()} />,
  }),
  col.accessor('priority', {
    header: 'Priority',
    size: 110,
    meta: { label: 'Priority', sortField: 'priority' },
    cell: (c) => <TicketPriorityBadge priority={c.getValue()} />,
  }),
  col.accessor((t) => t.sla.resolution.remainingMs, {
    id: 'dueAt',
    header: 'Resolution SLA',
    size: 210,
    meta: { label: 'Resolution SLA', sortField: 'dueAt' },
    cell: (c) => <SlaTimer target={c.row.original.sla.resolution} />,
  }),
  col.accessor('vehicleLabel', { header: 'Vehicle', size: 140, meta: { label: 'Vehicle' } }),
  col.accessor('dealerName', {
    header: 'Service centre',
    size: 170,
    meta: { label: 'Service centre' },
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('assigneeName', {
    header: 'Assignee',
    size: 170,
    meta: { label: 'Assignee' },
    cell: (c) => c.getValue() ?? 'Unassigned',
  }),
  col.accessor('updatedAt', {
    header: 'Updated',
    size: 160,
    meta: { label: 'Updated', sortField: 'updatedAt' },
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('createdAt', {
    header: 'Opened',
    size: 160,
    meta: { label: 'Opened', sortField: 'createdAt' },
    cell: (c) => formatDateTime(c.getValue()),
  }),
];
/** Offered by the column chooser, hidden at first so the list fits 1440 px (issue 18 item 11). */
const HIDDEN_BY_DEFAULT = ['createdAt', 'dealerName'] as const;
const getTicketId = (t: ApiTicket) => t.id;
const rowLabel = (t: ApiTicket) => `${t.ref} ${t.title}`;

const PRIORITY_FILTER: FilterDef = {
  key: 'priority',
  label: 'Priority',
  options: TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] })),
};
const SOURCE_FILTER: FilterDef = {
  key: 'source',
  label: 'Source',
  options: TICKET_SOURCES.map((s) => ({ value: s, label: TICKET_SOURCE_LABELS[s] })),
};
const OVERDUE_FILTER: FilterDef = {
  key: 'overdue',
  label: 'SLA',
  options: [
    { value: 'true', label: 'Overdue' },
    { value: 'false', label: 'On time' },
  ],
};

/** The list's params with the state tab of the detail-tab group (`ticket_state_filter`) as the status filter. */
function withState(params: ListParams, state: TicketStatus | null): ListParams {
  return state === null ? params : { ...params, filters: { ...params.filters, status: String(state) } };
}

/** The ticket list for the URL's params and the chosen state tab. */
function useStateTicketList(params: ListParams) {
  const state = useAppState((s) => s.detailTab.ticket_state_filter);
  return useTicketList(withState(params, state));
}

/** The state tabs, bound to `ticket_state_filter`: choosing one clears the other details filters (spec §4). */
function StateTabs() {
  const state = useAppState((s) => s.detailTab.ticket_state_filter);
  const setDetailsFilter = useAppState((s) => s.setDetailsFilter);
  const [, setParams] = useListParams(FILTER_KEYS);
  return (
    <SegmentedControl
      aria-label="Ticket state"
      value={state === null ? 'all' : String(state)}
      onChange={(v) => {
        setDetailsFilter('ticket_state_filter', v === 'all' ? null : (Number(v) as TicketStatus));
        setParams({ page: 1 });
      }}
      data={STATE_TABS.map((s) => ({
        value: s === null ? 'all' : String(s),
        label: s === null ? 'Open and closed' : TICKET_STATUS_LABELS[s],
      }))}
    />
  );
}

const DESCRIPTIONS: Record<string, string> = {
  admin: 'Tickets of your scope: work them, assign them and keep them within their SLA.',
  employee: 'Tickets of your team: the ones assigned to you and the ones nobody has taken yet.',
  driver: 'Help with your vehicles: open a ticket and follow the replies of the service centre.',
  'ev-owner': 'Help with your vehicles: open a ticket and follow the replies of the service centre.',
};

/** Help & Support: the tickets each role may see, with SLA timers, a detail drawer and a new-ticket form. */
export function TicketsPage({ route }: RoutePageProps) {
  const can = useCan();
  const variant = route.params?.scope ?? 'admin';
  const role = useAppState((s) => s.auth.user?.role);
  const userId = useAppState((s) => s.auth.user?.id);
  const state = useAppState((s) => s.detailTab.ticket_state_filter);
  const staff = variant !== 'driver' && variant !== 'ev-owner' && role !== 'DR' && role !== 'EVO';
  const [search, setSearch] = useSearchParams();
  const searchRef = useRef(search);
  searchRef.current = search;
  const params = useRef<ListParams | null>(null);
  const assignees = useTicketAssignees(can('t', ACTION.ASSIGN));
  const ticketId = search.get('ticket');
  useReturnFocus(ticketId !== null);
  const creating = search.get('new') === '1';
  useReturnFocus(creating);

  const preset = useMemo<NewTicketPreset>(
    () => ({
      vehicleId: search.get('vehicleId'),
      faultId: search.get('faultId'),
      notificationId: search.get('notificationId'),
      source: (TICKET_SOURCES as readonly string[]).includes(search.get('source') ?? '')
        ? (search.get('source') as TicketSource)
        : 'manual',
      ...(search.get('title') ? { title: search.get('title') as string } : {}),
    }),
    [search],
  );

  const assigneeOptions = useMemo(() => {
    const base = [{ value: 'none', label: 'Unassigned' }];
    if (userId && staff) base.push({ value: userId, label: 'Me' });
    for (const s of assignees.data?.staff ?? []) if (s.id !== userId) base.push({ value: s.id, label: s.name });
    return base;
  }, [assignees.data, userId, staff]);
  const dealerOptions = assignees.data?.dealers;
  const filterDefs = useMemo<FilterDef[]>(() => {
    const defs: FilterDef[] = [PRIORITY_FILTER];
    if (staff) defs.push({ key: 'assigneeId', label: 'Assignee', options: assigneeOptions });
    if (dealerOptions && dealerOptions.length > 1)
      defs.push({
        key: 'dealerId',
        label: 'Service centre',
        options: [{ value: 'none', label: 'None' }, ...dealerOptions.map((d) => ({ value: d.id, label: d.name }))],
      });
    defs.push(SOURCE_FILTER, OVERDUE_FILTER);
    return defs;
  }, [staff, assigneeOptions, dealerOptions]);

  const rowHref = useCallback((t: ApiTicket) => {
    const next = new URLSearchParams(searchRef.current);
    next.set('ticket', t.id);
    return `?${next}`;
  }, []);
  const closeTicket = useCallback(() => {
    const next = new URLSearchParams(searchRef.current);
    next.delete('ticket');
    setSearch(next, { replace: true });
  }, [setSearch]);
  const openNew = () => {
    const next = new URLSearchParams(searchRef.current);
    next.set('new', '1');
    setSearch(next);
  };
  const closeNew = (ticket?: ApiTicket) => {
    const next = new URLSearchParams(searchRef.current);
    for (const key of ['new', 'vehicleId', 'faultId', 'notificationId', 'source', 'title']) next.delete(key);
    if (ticket) next.set('ticket', ticket.id);
    setSearch(next, { replace: true });
  };

  const csvExport = useCsvExport('the tickets', async () => {
    if (!params.current) return null;
    const { items, total } = await listAllTickets(withState(params.current, state));
    const rows = items.map((t) => ({
      ...t,
      status: TICKET_STATUS_LABELS[t.status],
      firstResponse: t.sla.firstResponse.state,
      resolution: t.sla.resolution.state,
    }));
    return cappedCsvFile({ fileName: 'tickets.csv', columns: CSV_COLUMNS, rows, total, noun: 'tickets', which: '' });
  });

  return (
    <>
      <PageHeader
        title={route.title}
        description={DESCRIPTIONS[variant] ?? DESCRIPTIONS.admin}
        actions={
          <Group gap="xs">
            {can('t', ACTION.EXPORT) ? (
              <ExportCsvButton
                {...csvExport}
                title={`Exports up to ${TICKET_EXPORT_LIMIT.toLocaleString('en')} matching tickets`}
              />
            ) : null}
            {can('t', ACTION.ADD) ? (
              <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
                New ticket
              </Button>
            ) : null}
          </Group>
        }
      />
      <Group mb="sm" justify="space-between" align="flex-end" wrap="wrap">
        <StateTabs />
        <DateRangeFilter filterKeys={FILTER_KEYS} />
      </Group>
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useStateTicketList}
        searchLabel="Search tickets by number, title or vehicle"
        filterDefs={filterDefs}
        paramsRef={params}
        rowHref={rowHref}
        rowLabel={rowLabel}
        label="Tickets"
        tableId={`tickets-${variant}`}
        columns={COLUMNS}
        hiddenByDefault={HIDDEN_BY_DEFAULT}
        getRowId={getTicketId}
        emptyText={state === TICKET_STATUS.DELETED ? 'No deleted tickets.' : 'No tickets match these filters.'}
      />
      {!staff && can('t', ACTION.ADD) ? (
        <Text size="xs" c="dimmed" mt="sm">
          Replies come from your service centre. Need help now?{' '}
          <Anchor size="xs" component="button" type="button" onClick={openNew}>
            Open a ticket
          </Anchor>
        </Text>
      ) : null}
      {ticketId ? (
        <Suspense fallback={<DialogLoading label="Loading the ticket" onClose={closeTicket} />}>
          <TicketDrawer ticketId={ticketId} staff={staff} onClose={closeTicket} />
        </Suspense>
      ) : null}
      {can('t', ACTION.ADD) && creating ? (
        <Suspense fallback={<DialogLoading label="Loading the ticket form" onClose={() => closeNew()} />}>
          <NewTicketModal opened={creating} preset={preset} onClose={() => closeNew()} onCreated={(t) => closeNew(t)} />
        </Suspense>
      ) : null}
    </>
  );
}
