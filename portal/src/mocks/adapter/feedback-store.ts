import type { FeedbackReportStore } from '@services/feedback/feedback-store';
import type { FeedbackFilterField, FeedbackSortField } from '@services/feedback/inbox-list-spec';
import type { FeedbackReportReader, ReportTicketLinks, StoredReportDetail } from '@services/feedback/inbox-store';
import type { WorldDb } from '../world/db';
import { DEMO_SDK_KEY_ID, DEMO_SDK_KEY_NAME, demoFeedbackReports } from '../world/feedback-reports';
import { conversationOfReport, demoWidgetOf } from './demo-widget';
import { type MemoryListSpec, memoryList } from './memory-list';

/** A demo report as the store keeps it: the inbox's columns, its organisation and its body's text. */
interface DemoReport extends Omit<StoredReportDetail, 'ticket' | 'conversation'> {
  tenantId: string;
  createdMs: number;
  /** The ticket made from it (decision 0118). */
  ticketId: string | null;
  /** The widget session that sent it, and its client id (a retry with the same one under the same key is the same report). */
  sessionId: string | null;
  clientId: string | null;
}

/**
 * The demo world's reports (decision 0116): what the world seeds, the same rows the server's seed stores
 * (organisation `platform`, the demo key), and what the demo page's own widget sends (`POST /bugs/v2` runs the
 * services' `storeReport` over `worldFeedbackReportStore`, decision 0136). They are kept in memory, not in IndexedDB
 * (a reload keeps the seeded ones and forgets those sent, as it forgets the widget's session); they follow the
 * world's clock.
 */
const seeded = new WeakMap<WorldDb, DemoReport[]>();

/**
 * The ticket made from a report before the page was reloaded: the world keeps its tickets (IndexedDB) but not these
 * in-memory reports, so the link is found again on the ticket, whose description names its report (decision 0118).
 */
function linkedTicket(db: WorldDb, reportId: string): string | null {
  const marker = `Widget report ${reportId} (`;
  return db.tables.tickets.all().find((t) => t.source === 'widget' && t.description.includes(marker))?.id ?? null;
}

function reportsOf(db: WorldDb): DemoReport[] {
  let rows = seeded.get(db);
  if (!rows) {
    rows = demoFeedbackReports(db.world.referenceTime).map((r) => {
      const body = JSON.stringify(r.body);
      return {
        id: r.id,
        type: r.type,
        status: 'OPEN',
        priority: r.priority,
        description: r.description,
        reportedBy: r.reportedBy,
        pageUrl: r.pageUrl,
        sdkKeyId: DEMO_SDK_KEY_ID,
        sdkKeyName: DEMO_SDK_KEY_NAME,
        isSilent: r.isSilent,
        createdAt: new Date(r.createdAt).toISOString(),
        body,
        bodyBytes: new TextEncoder().encode(body).length,
        // The seeded reports came with no widget session.
        reporter: { name: null, email: null, userId: null },
        pageViews: [],
        tenantId: 'platform',
        createdMs: r.createdAt,
        ticketId: linkedTicket(db, r.id),
        sessionId: null,
        clientId: null,
      };
    });
    seeded.set(db, rows);
  }
  return rows;
}

const REPORT_COLUMNS: MemoryListSpec<DemoReport, FeedbackSortField, FeedbackFilterField> = {
  sortable: {
    createdAt: (r) => r.createdMs,
    type: (r) => r.type,
    status: (r) => r.status,
    priority: (r) => r.priority,
    reportedBy: (r) => r.reportedBy,
  },
  filterable: { type: (r) => r.type, status: (r) => r.status, sdkKey: (r) => r.sdkKeyId },
  searchable: [(r) => r.description, (r) => r.reportedBy, (r) => r.pageUrl, (r) => r.id],
  time: (r) => r.createdMs,
};

function summaryOf({
  body: _body,
  bodyBytes: _bytes,
  reporter: _reporter,
  pageViews: _views,
  tenantId: _t,
  createdMs: _c,
  ticketId: _ticket,
  sessionId: _s,
  clientId: _client,
  ...summary
}: DemoReport) {
  return summary;
}

/** The report the ticket was made from (decision 0118), if any. */
export function reportOfTicket(db: WorldDb, ticketId: string): { id: string; ticketId: string } | undefined {
  const row = reportsOf(db).find((r) => r.ticketId === ticketId);
  return row ? { id: row.id, ticketId } : undefined;
}

/** The ticket made from the report, null while none. */
export function ticketOfReport(db: WorldDb, reportId: string): string | null {
  return reportsOf(db).find((r) => r.id === reportId)?.ticketId ?? null;
}

/** The inbox services' reader over the demo world's reports. */
export function worldFeedbackReader(db: WorldDb): FeedbackReportReader {
  // The key's current name, as the server joins `sdk_keys` (Settings may rename it, decision 0123).
  const keyName = (r: DemoReport) => db.tables.sdkKeys.get(r.sdkKeyId)?.name ?? r.sdkKeyName;
  return {
    async list(tenantId, query) {
      const rows = reportsOf(db).filter((r) => r.tenantId === tenantId);
      const { items, total } = memoryList(rows, query, REPORT_COLUMNS);
      return { items: items.map((r) => ({ ...summaryOf(r), sdkKeyName: keyName(r) })), total };
    },
    async get(tenantId, id) {
      const row = reportsOf(db).find((r) => r.tenantId === tenantId && r.id === id);
      if (!row) return undefined;
      const { tenantId: _t, createdMs: _c, ticketId, sessionId: _s, clientId: _client, ...detail } = row;
      const ticket = ticketId ? db.tables.tickets.get(ticketId) : undefined;
      // The world's seeded reports came without a widget session: none started a conversation (decision 0128).
      const conversation = conversationOfReport(db, row.id);
      return {
        ...detail,
        sdkKeyName: keyName(row),
        ticket: ticket ? { id: ticket.id, ref: ticket.ref } : null,
        conversation: conversation
          ? { shareToken: conversation.shareToken, unreadCount: conversation.unreadCount }
          : null,
      };
    },
  };
}

/**
 * The widget API's report store over the demo world (decision 0136): what `storeReport` writes when the demo page's
 * widget sends a report, once per client id and key, with the reporter of its session (the widget mock's), and what
 * the inbox reads.
 */
export function worldFeedbackReportStore(db: WorldDb): FeedbackReportStore & FeedbackReportReader {
  return {
    ...worldFeedbackReader(db),
    async insertOnce(report) {
      const rows = reportsOf(db);
      const known =
        report.clientId === null
          ? undefined
          : rows.find((r) => r.sdkKeyId === report.sdkKeyId && r.clientId === report.clientId);
      if (known) return { id: known.id, stored: false };
      const session = report.sessionId ? demoWidgetOf(db)?.store.sessions.get(report.sessionId) : undefined;
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      rows.push({
        id: report.id,
        type: report.type,
        status: 'OPEN',
        priority: report.priority,
        description: report.description,
        reportedBy: report.reportedBy,
        pageUrl: report.pageUrl,
        sdkKeyId: report.sdkKeyId,
        sdkKeyName: db.tables.sdkKeys.get(report.sdkKeyId)?.name ?? report.sdkKeyId,
        isSilent: report.isSilent,
        createdAt: report.createdAt.toISOString(),
        body: report.body,
        bodyBytes: report.bodyBytes,
        reporter: { name: text(session?.name), email: text(session?.email), userId: text(session?.userId) },
        pageViews: [],
        tenantId: report.tenantId,
        createdMs: report.createdAt.getTime(),
        ticketId: null,
        sessionId: report.sessionId,
        clientId: report.clientId,
      });
      return { id: report.id, stored: true };
    },
  };
}

/**
 * Linking a demo report to its ticket (decision 0118), inside the ticket's world transaction: the link is the last
 * write of its work, so a refused link rolls the ticket back and nothing after it can fail but the world's persist.
 */
export function worldReportTicketLinks(db: WorldDb): ReportTicketLinks {
  return {
    async link(tenantId, reportId, ticketId) {
      const row = reportsOf(db).find((r) => r.tenantId === tenantId && r.id === reportId);
      if (!row || row.ticketId !== null) return false;
      row.ticketId = ticketId;
      return true;
    },
  };
}
