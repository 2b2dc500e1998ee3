import { FieldErrors, validationFailed } from '../lib/app-error';
import { randomToken } from '../lib/web-crypto';
import type { FeedbackDeps, StoredSdkKey, StoredSession } from './feedback-store';
import { conversationForReport } from './conversations';
import { WIDGET_LIMITS, limitRate } from './rate-limit';
import { type WidgetCaller, authenticateKey, sessionOf } from './widget-auth';

/** The widget's answer to a report (widget-api.yaml sendReport 201). */
export interface ReportAnswer {
  id: string;
  status: 'OPEN';
  /** The conversation that follows the report up (decision 0128); none for a report without a session, a silent one or a survey answer. */
  shareToken?: string;
}

const OBJECT_FIELDS = ['formData', 'customData', 'metaData', 'screenshotData', 'webReplay'] as const;
const LIST_FIELDS = ['consoleLog', 'networkLogs', 'customEventLog', 'tags'] as const;
const TEXT_FIELDS = { priority: 50, outbound: 200, screenRecordingUrl: 2_000, spamToken: 10_000 } as const;
const SHOWN_TEXT = 10_000;
/**
 * How deep a report's JSON may nest. PostgreSQL parses a `json` value recursively and fails past a few thousand levels
 * (20,000 is an error on PostgreSQL 15 and PGlite, 5,000 is not); a replay's page snapshot nests about two levels per
 * DOM level, so an honest report stays far below this.
 */
export const REPORT_MAX_DEPTH = 2_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A listed column's copy of a body field: PostgreSQL's text cannot hold U+0000, so it is left out of the copy (the
 * body keeps it, escaped, as received).
 */
const textOrNull = (value: unknown, max = SHOWN_TEXT) =>
  typeof value === 'string' && value.trim() ? value.replaceAll('\0', '').slice(0, max) : null;

/**
 * Whether the JSON text nests arrays and objects deeper than `max` levels. One pass over the text, brackets inside
 * strings skipped, no recursion (a hostile body may open a million levels).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return false;
}

/** The report's own checks: the shape widget-api.yaml's Report gives each field it names; the rest is kept as sent. */
function checkReport(body: Record<string, unknown>): void {
  const errors = new FieldErrors();
  if (typeof body.type !== 'string' || !body.type.trim() || body.type.length > 50 || body.type.includes('\0')) {
    errors.add('type', 'This field is required: a report type of at most 50 characters, like BUG.');
  }
  if (
    body.clientId !== undefined &&
    (typeof body.clientId !== 'string' || !body.clientId || body.clientId.length > 200 || body.clientId.includes('\0'))
  ) {
    errors.add('clientId', 'Must be a text of 1 to 200 characters.');
  }
  for (const field of OBJECT_FIELDS) {
    if (body[field] !== undefined && body[field] !== null && !isObject(body[field]))
      errors.add(field, 'Must be an object.');
  }
  for (const field of LIST_FIELDS) {
    if (body[field] !== undefined && body[field] !== null && !Array.isArray(body[field]))
      errors.add(field, 'Must be a list.');
  }
  for (const [field, max] of Object.entries(TEXT_FIELDS)) {
    const value = body[field];
    if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > max)) {
      errors.add(field, `Must be a text of at most ${max} characters.`);
    }
  }
  if (body.isSilent !== undefined && typeof body.isSilent !== 'boolean')
    errors.add('isSilent', 'Must be true or false.');
  errors.throwIfAny();
}

/** A report's sender as admitted: its key, its session (if it sent one), and when it was admitted. */
export interface ReportAdmission {
  key: StoredSdkKey;
  session: StoredSession | undefined;
  at: Date;
}

/**
 * What a report must pass before its body is read (the route runs it on the request's headers, so a flood, an unknown
 * key or a wrong session is refused without reading or parsing megabytes): the key (401), the session when one is
 * sent (401), then the limits per session and per key (429, Retry-After). The call is counted here.
 */
export async function admitReport(deps: FeedbackDeps, caller: WidgetCaller): Promise<ReportAdmission> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await sessionOf(deps, caller, key);
  const at = deps.now();
  limitRate(
    deps.limiter,
    [
      ...(session ? [[`reports:session:${session.id}`, WIDGET_LIMITS.reportsPerSession] as const] : []),
      [`reports:key:${key.id}`, WIDGET_LIMITS.reportsPerKey],
    ],
    at,
  );
  return { key, session, at };
}

/**
 * `POST /bugs/v2`, once `admitReport` let it in: stores a bug report, feedback or survey answer durably, with its
 * console and network logs, snapshot, replay events and metadata exactly as received (`text`, the body's JSON), after
 * the checks of its fields (400). A retry of a stored report (same `clientId` under the same key) stores nothing and
 * answers the stored report. The session is optional (an integrator's own sender may have none).
 */
export async function storeReport(
  deps: FeedbackDeps,
  { key, session, at: now }: ReportAdmission,
  input: { body: unknown; text: string },
): Promise<{ stored: boolean; report: ReportAnswer }> {
  if (!isObject(input.body)) throw validationFailed({ body: 'Must be a JSON object.' });
  if (nestsDeeperThan(input.text, REPORT_MAX_DEPTH)) {
    throw validationFailed({ body: `Must nest at most ${REPORT_MAX_DEPTH} levels of lists and objects.` });
  }
  const body = input.body;
  checkReport(body);
  const formData = isObject(body.formData) ? body.formData : {};
  const metaData = isObject(body.metaData) ? body.metaData : {};
  const type = (body.type as string).trim();
  const description = textOrNull(formData.description);
  const isSilent = body.isSilent === true;
  const outbound = textOrNull(body.outbound, 200);
  const { id, stored } = await deps.reports.insertOnce({
    id: `rpt-${randomToken(15)}`,
    sdkKeyId: key.id,
    tenantId: key.tenantId,
    sessionId: session?.id ?? null,
    clientId: typeof body.clientId === 'string' ? body.clientId : null,
    type,
    priority: textOrNull(body.priority, 50),
    description,
    reportedBy: textOrNull(formData.reportedBy, 500) ?? session?.email ?? null,
    pageUrl: textOrNull(metaData.currentUrl, 2_000),
    isSilent,
    outbound,
    body: input.text,
    bodyBytes: new TextEncoder().encode(input.text).length,
    createdAt: now,
  });
  // Its follow-up conversation; a retry (the report stored before) finds the one stored then, or stores it now.
  const shareToken = await conversationForReport(deps, {
    key,
    session,
    report: { id, type, description, isSilent, outbound },
    at: now,
  });
  return { stored, report: { id, status: 'OPEN', ...(shareToken ? { shareToken } : {}) } };
}
