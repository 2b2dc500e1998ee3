import type { Schemas } from '../lib/api-types';
import type { ListQuery } from '../lib/list-query';
import type { FeedbackFilterField, FeedbackSortField } from './inbox-list-spec';

/** A stored report as the inbox reads it (decision 0116): the listed columns, and for one report its body's text. */
export type StoredReportSummary = Schemas['FeedbackReportSummary'];

export interface StoredReportDetail extends StoredReportSummary {
  /** The body's JSON text exactly as received (decision 0115). */
  body: string;
  bodyBytes: number;
  /** The widget session's contact when the report came with a session (all null without one). */
  reporter: Schemas['FeedbackReport']['reporter'];
  /** The session's page views received up to the report, oldest first, the last 100 (none without a session). */
  pageViews: Schemas['FeedbackReport']['pageViews'];
  /** The ticket made from the report (decision 0118), null while none. */
  ticket: Schemas['FeedbackReport']['ticket'];
  /** The visitor's conversation of the report (decision 0128), null when it started none. */
  conversation: { shareToken: string; unreadCount: number } | null;
}

/** How many of a session's page views a report shows. */
export const REPORT_PAGE_VIEWS = 100;

/** Reading an organisation's reports: pages filtered, sorted and cut where they are stored (SQL on the server). */
export interface FeedbackReportReader {
  list(
    tenantId: string,
    query: ListQuery<FeedbackSortField, FeedbackFilterField>,
  ): Promise<{ items: StoredReportSummary[]; total: number }>;
  /** The report with this id of this organisation; undefined for another organisation's or none. */
  get(tenantId: string, id: string): Promise<StoredReportDetail | undefined>;
}

export interface FeedbackInboxDeps {
  reports: FeedbackReportReader;
}

/** Linking a report to the ticket made from it (decision 0118), in the ticket's own transaction. */
export interface ReportTicketLinks {
  /**
   * Names `ticketId` as the ticket of the organisation's report `reportId`, only while it names none; true when
   * written. False for a report that has a ticket already (also one linked a moment ago by another request).
   */
  link(tenantId: string, reportId: string, ticketId: string): Promise<boolean>;
}
