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
