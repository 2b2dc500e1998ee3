import { FieldErrors, validationFailed } from '../lib/app-error';
import { randomToken } from '../lib/web-crypto';
import type { FeedbackDeps } from './feedback-store';
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const textOrNull = (value: unknown, max = SHOWN_TEXT) =>
  typeof value === 'string' && value.trim() ? value.slice(0, max) : null;

/** The report's own checks: the shape widget-api.yaml's Report gives each field it names; the rest is kept as sent. */
function checkReport(body: Record<string, unknown>): void {
  const errors = new FieldErrors();
  if (typeof body.type !== 'string' || !body.type.trim() || body.type.length > 50) {
    errors.add('type', 'This field is required: a report type of at most 50 characters, like BUG.');
  }
  if (
    body.clientId !== undefined &&
    (typeof body.clientId !== 'string' || !body.clientId || body.clientId.length > 200)
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

/**
 * `POST /bugs/v2`: stores a bug report, feedback or survey answer durably, with its console and network logs,
 * snapshot, replay events and metadata exactly as received (`text`, the body's JSON). A retry of a stored report (same
 * `clientId` under the same key) stores nothing and answers the stored report. The session is optional (an
 * integrator's own sender may have none); a wrong one is 401. Limits: per session, then per key (429, Retry-After).
 */
export async function sendReport(
  deps: FeedbackDeps,
  caller: WidgetCaller,
  input: { body: unknown; text: string },
): Promise<{ stored: boolean; report: ReportAnswer }> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await sessionOf(deps, caller, key);
  const now = deps.now();
  limitRate(
    deps.limiter,
    [
      ...(session ? [[`reports:session:${session.id}`, WIDGET_LIMITS.reportsPerSession] as const] : []),
      [`reports:key:${key.id}`, WIDGET_LIMITS.reportsPerKey],
    ],
    now,
  );
  if (!isObject(input.body)) throw validationFailed({ body: 'Must be a JSON object.' });
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
