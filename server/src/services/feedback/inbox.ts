import type { Schemas } from '../lib/api-types';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { tenantOf } from '../settings/settings-scope';
import { FEEDBACK_LIST } from './inbox-list-spec';
import type { FeedbackInboxDeps } from './inbox-store';

/**
 * The inbox (issue 38 item 3, decision 0116): the reports the widget sent under the SDK keys of the caller's
 * organisation (`tenantOf`: the platform, or their OEM; the same organisation the keys belong to), for holders of `fb`.
 */

/** GET /feedback-reports: one page of the organisation's reports. */
export async function listFeedbackReports(
  deps: FeedbackInboxDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['FeedbackReportPage']> {
  requirePermission(caller, 'fb');
  const query = parseListQuery(input, FEEDBACK_LIST);
  const { items, total } = await deps.reports.list(tenantOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** GET /feedback-reports/{id}: one report read from its body as received; another organisation's is 404. */
export async function getFeedbackReport(
  deps: FeedbackInboxDeps,
  caller: Caller,
  id: string,
): Promise<Schemas['FeedbackReport']> {
  requirePermission(caller, 'fb');
  const stored = await deps.reports.get(tenantOf(caller), id);
  if (!stored) throw notFound('Report');
  const { body: text, ...summary } = stored;
  return { ...summary, ...readReportBody(text) };
}

/** GET /feedback-reports/{id}/replay: the replay's events as received; none (or another organisation's report) is 404. */
export async function getFeedbackReplay(
  deps: FeedbackInboxDeps,
  caller: Caller,
  id: string,
): Promise<Schemas['FeedbackReplay']> {
  requirePermission(caller, 'fb');
  const stored = await deps.reports.get(tenantOf(caller), id);
  if (!stored) throw notFound('Report');
  const replay = parseBody(stored.body).webReplay;
  if (!isObject(replay) || !Array.isArray(replay.events)) throw notFound('Replay');
  return {
    startDate: isoOf(num(replay.startDate)),
    width: num(replay.width),
    height: num(replay.height),
    events: replay.events.filter(isObject),
  };
}

type BodyParts = Omit<
  Schemas['FeedbackReport'],
  keyof Schemas['FeedbackReportSummary'] | 'reporter' | 'pageViews' | 'bodyBytes'
>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isoOf = (ms: number | null): string | null =>
  ms === null || Number.isNaN(new Date(ms).getTime()) ? null : new Date(ms).toISOString();

function parseBody(bodyText: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
const shown = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/**
 * What the inbox shows of a report's body. The body is kept exactly as the widget sent it (decision 0115), so any
 * field may be missing or of another shape than our widget sends: each is read for what it is, never trusted.
 */
export function readReportBody(bodyText: string): BodyParts {
  const body = parseBody(bodyText);
  const shot = body.screenshotData;
  const replay = body.webReplay;
  return {
    formData: isObject(body.formData) ? body.formData : {},
    consoleLogs: list(body.consoleLog).map((entry) => {
      const e = isObject(entry) ? entry : { log: entry };
      return { date: text(e.date), priority: text(e.priority) ?? 'INFO', log: shown(e.log) };
    }),
    networkLogs: list(body.networkLogs).map((entry) => {
      const e = isObject(entry) ? entry : {};
      const response = isObject(e.response) ? e.response : {};
      const status = num(response.status);
      return {
        date: text(e.date),
        method: text(e.type) ?? 'GET',
        url: text(e.url) ?? '',
        status: status !== null && Number.isInteger(status) ? status : null,
        duration: num(e.duration),
        success: typeof e.success === 'boolean' ? e.success : null,
      };
    }),
    customEvents: list(body.customEventLog).map((entry) => {
      const e = isObject(entry) ? entry : {};
      return { name: text(e.name) ?? '', date: text(e.date), ...(e.data === undefined ? {} : { data: e.data }) };
    }),
    customData: isObject(body.customData) ? body.customData : {},
    metaData: isObject(body.metaData) ? body.metaData : {},
    tags: list(body.tags).filter((t): t is string => typeof t === 'string'),
    screenshot:
      isObject(shot) && typeof shot.html === 'string'
        ? {
            html: shot.html,
            baseUrl: text(shot.baseUrl),
            width: num(shot.width),
            height: num(shot.height),
            x: num(shot.x) ?? 0,
            y: num(shot.y) ?? 0,
          }
        : null,
    screenRecordingUrl: text(body.screenRecordingUrl),
    replay: isObject(replay)
      ? {
          eventCount: list(replay.events).length,
          startDate: isoOf(num(replay.startDate)),
          width: num(replay.width),
          height: num(replay.height),
        }
      : null,
  };
}
