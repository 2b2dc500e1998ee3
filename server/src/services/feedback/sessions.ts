import { FieldErrors, validationFailed } from '../lib/app-error';
import { randomToken, sha256Hex } from '../lib/web-crypto';
import type { FeedbackDeps, SessionChanges, SessionEvent, StoredSession } from './feedback-store';
import { WIDGET_LIMITS, limitRate } from './rate-limit';
import { type WidgetCaller, authenticateKey, findSession, requireSession } from './widget-auth';

/** identify, partial update and ping count against their session's limit. */
function limitSessionCall(deps: FeedbackDeps, session: StoredSession): void {
  limitRate(deps.limiter, [[`session-calls:${session.id}`, WIDGET_LIMITS.sessionCallsPerSession]], deps.now());
}

/** The session as the widget reads it (widget-api.yaml Session): contact fields at the top, custom data beside. */
export interface SessionAnswer {
  gleapId: string;
  gleapHash: string;
  [field: string]: unknown;
}

/** Contact fields kept as columns, and the other fields gleap's identify knows (kept as attributes). */
const CONTACT_TEXT = ['userId', 'name', 'email', 'phone', 'lang'] as const;
const ATTRIBUTES = new Set(['companyId', 'companyName', 'plan', 'sla', 'avatar', 'createdAt']);
/** Never kept: the identity-verification hash (checked against a secret in a later slice) and the wire's own fields. */
const NOT_KEPT = new Set(['userHash']);

const MAX_TEXT = 1_000;
const MAX_FIELDS = 200;
export const MAX_PING_EVENTS = 200;

function answer(session: StoredSession, gleapHash: string): SessionAnswer {
  const out: SessionAnswer = { gleapId: session.id, gleapHash, ...session.attributes };
  if (session.userId !== null) out.userId = session.userId;
  if (session.name !== null) out.name = session.name;
  if (session.email !== null) out.email = session.email;
  if (session.phone !== null) out.phone = session.phone;
  if (session.value !== null) out.value = session.value;
  if (session.lang !== null) out.lang = session.lang;
  out.customData = session.customData;
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A language tag as the widget sends it (lower case, `en-us`); anything else is a 400. */
/**
 * The first top-level field of a session body holding U+0000 anywhere (in a text or a key, at any depth), which
 * PostgreSQL's text and jsonb cannot store; undefined when none does. Iterative: a body is at most 256 KiB.
 */
function fieldWithNul(body: Record<string, unknown>): string | undefined {
  for (const [field, value] of Object.entries(body)) {
    const stack: unknown[] = [field, value];
    while (stack.length > 0) {
      const item = stack.pop();
      if (typeof item === 'string') {
        if (item.includes('\0')) return field;
      } else if (Array.isArray(item)) for (const v of item) stack.push(v);
      else if (isObject(item)) for (const [k, v] of Object.entries(item)) stack.push(k, v);
    }
  }
  return undefined;
}

/** Refuses (400) a session body PostgreSQL could not store: nothing of it is written. */
function refuseNul(body: Record<string, unknown>): void {
  const field = fieldWithNul(body);
  if (field !== undefined) throw validationFailed({ [field]: 'Text may not contain the character U+0000.' });
}

function langOf(value: unknown, errors: FieldErrors, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value)) {
    errors.add(field, 'Must be a language tag like en-us.');
    return undefined;
  }
  return value.toLowerCase();
}

/**
 * What identify (`{...fields, ...customData, userId, userHash, lang}`) and partial update (`{data:{...}}`) change:
 * the contact columns, the known attributes, and every other field into custom data (merged over what is kept).
 */
function contactChanges(fields: Record<string, unknown>, session: StoredSession, prefix: string): SessionChanges {
  const errors = new FieldErrors();
  const changes: SessionChanges = {};
  const attributes = { ...session.attributes };
  const customData = { ...session.customData };
  const entries = Object.entries(fields);
  if (entries.length > MAX_FIELDS) throw validationFailed({ [prefix || 'body']: `At most ${MAX_FIELDS} fields.` });
  for (const [field, value] of entries) {
    const path = prefix ? `${prefix}.${field}` : field;
    if (NOT_KEPT.has(field)) continue;
    if (field === 'lang') {
      const lang = langOf(value, errors, path);
      if (lang !== undefined) changes.lang = lang;
    } else if ((CONTACT_TEXT as readonly string[]).includes(field)) {
      // gleap's identify accepts a numeric user id; it is kept as text
      if (value === null) changes[field as 'name'] = null;
      else if (
        (typeof value === 'string' || (field === 'userId' && typeof value === 'number')) &&
        String(value).length <= MAX_TEXT
      ) {
        changes[field as 'name'] = String(value);
      } else errors.add(path, `Must be a text of at most ${MAX_TEXT} characters.`);
    } else if (field === 'value') {
      if (value === null || (typeof value === 'number' && Number.isFinite(value))) changes.value = value;
      else errors.add(path, 'Must be a number.');
    } else if (field === 'customData') {
      if (isObject(value)) Object.assign(customData, value);
      else errors.add(path, 'Must be an object.');
    } else if (ATTRIBUTES.has(field)) attributes[field] = value;
    else customData[field] = value;
  }
  errors.throwIfAny();
  return { ...changes, attributes, customData };
}

/**
 * `POST /sessions {lang}`: resumes the caller's session when its `Gleap-Id`/`Gleap-Hash` match one of the key's (200),
 * else starts a new one (201). A wrong stored session is no error: the widget starts over with the new one.
 */
export async function startSession(
  deps: FeedbackDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<{ created: boolean; session: SessionAnswer }> {
  const key = await authenticateKey(deps, caller.apiToken);
  const body = input.body ?? {};
  if (!isObject(body)) throw validationFailed({ body: 'Must be an object.' });
  const errors = new FieldErrors();
  const lang = langOf(body.lang, errors, 'lang');
  errors.throwIfAny();
  const at = deps.now();
  const existing = await findSession(deps, caller, key);
  // Every page view resumes its session (its own limit); new sessions count per address and per key.
  if (existing) limitSessionCall(deps, existing);
  else {
    limitRate(
      deps.limiter,
      [
        [`sessions-from:${key.id}:${caller.address ?? 'unknown'}`, WIDGET_LIMITS.newSessionsPerAddress],
        [`sessions:${key.id}`, WIDGET_LIMITS.newSessionsPerKey],
      ],
      at,
    );
  }
  if (existing) {
    const changes = lang === undefined ? {} : { lang };
    await deps.sessions.update(existing.id, changes, at);
    return { created: false, session: answer({ ...existing, ...changes }, caller.gleapHash as string) };
  }
  const gleapHash = randomToken(32);
  const session: StoredSession = {
    id: randomToken(18),
    sdkKeyId: key.id,
    hashSha256: await sha256Hex(gleapHash),
    userId: null,
    name: null,
    email: null,
    phone: null,
    value: null,
    lang: lang ?? null,
    attributes: {},
    customData: {},
  };
  await deps.sessions.insert(session, at);
  return { created: true, session: answer(session, gleapHash) };
}

/** `POST /sessions/identify`: attaches the user to the caller's session; custom data arrives flattened to the top. */
export async function identifySession(
  deps: FeedbackDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<SessionAnswer> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await requireSession(deps, caller, key);
  limitSessionCall(deps, session);
  if (!isObject(input.body)) throw validationFailed({ body: 'Must be an object.' });
  refuseNul(input.body);
  const changes = contactChanges(input.body, session, '');
  await deps.sessions.update(session.id, changes, deps.now());
  return answer({ ...session, ...changes }, caller.gleapHash as string);
}

/** `POST /sessions/partialupdate {data, type, sdkVersion, ws}`: changes some of the contact's fields. */
export async function updateSession(
  deps: FeedbackDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<SessionAnswer> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await requireSession(deps, caller, key);
  limitSessionCall(deps, session);
  if (!isObject(input.body)) throw validationFailed({ body: 'Must be an object.' });
  if (!isObject(input.body.data)) throw validationFailed({ data: 'This field is required and must be an object.' });
  refuseNul(input.body);
  const changes = contactChanges(input.body.data, session, 'data');
  await deps.sessions.update(session.id, changes, deps.now());
  return answer({ ...session, ...changes }, caller.gleapHash as string);
}

/**
 * `POST /sessions/ping {time, events, opened, type, sdkVersion, ws}`: stores the queued events (page views, custom
 * events) of the caller's session as sent, and answers `{}`.
 */
export async function pingSession(
  deps: FeedbackDeps,
  caller: WidgetCaller,
  input: { body: unknown },
): Promise<Record<string, never>> {
  const key = await authenticateKey(deps, caller.apiToken);
  const session = await requireSession(deps, caller, key);
  limitSessionCall(deps, session);
  const body = input.body;
  if (!isObject(body)) throw validationFailed({ body: 'Must be an object.' });
  refuseNul(body);
  const errors = new FieldErrors();
  if (typeof body.time !== 'number' || !Number.isFinite(body.time)) errors.add('time', 'Must be a number.');
  const events: SessionEvent[] = [];
  if (!Array.isArray(body.events)) errors.add('events', 'This field is required and must be a list.');
  else if (body.events.length > MAX_PING_EVENTS) errors.add('events', `At most ${MAX_PING_EVENTS} events at once.`);
  else {
    body.events.forEach((event, index) => {
      if (!isObject(event) || typeof event.name !== 'string' || !event.name || event.name.length > 200) {
        errors.add(`events.${index}.name`, 'Each event needs a name of at most 200 characters.');
        return;
      }
      const date = typeof event.date === 'string' && !Number.isNaN(Date.parse(event.date)) ? event.date : null;
      events.push({ name: event.name, occurredAt: date, data: event.data ?? null });
    });
  }
  errors.throwIfAny();
  await deps.sessions.addEvents(session.id, events, deps.now());
  return {};
}
