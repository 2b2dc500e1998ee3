import { COOKIE_DAYS, SDK_VERSION, SESSION_NOT_READY, SESSION_RESTART_BASE_MS } from './constants';
import { emit } from './emitter';
import { HttpError, api, setIdentityHeaders } from './http';
import { currentLang, settings } from './state';
import { getCookie, readJson, removeCookie, removeItem, setCookie, writeJson } from './storage';

export interface SessionData {
  gleapId?: string;
  gleapHash?: string;
  name?: string;
  email?: string;
  userId?: string;
  phone?: string;
  value?: number;
  lang?: string;
  customData?: Record<string, unknown>;
  [field: string]: unknown;
}

export type ContactData = Record<string, unknown> & { customData?: Record<string, unknown> | null };

let session: SessionData | null = null;
let ready = false;
let attempt = 0;
let restartTimer: ReturnType<typeof setTimeout> | undefined;

export const sessionKey = () => `gleap-widget-session-${settings.sdkKey}`;
const cookieName = () => `session-${settings.sdkKey}`;

export function getSession(): SessionData | null {
  return session;
}

export function isSessionReady(): boolean {
  return ready;
}

/** A user counts as identified only when `userId` is non-empty. */
export function isIdentified(): boolean {
  return !!session?.userId;
}

/** The stored session: the cookie (when cookies are on) wins over local storage. */
export function readStoredSession(): SessionData | null {
  if (settings.useCookies) {
    const raw = getCookie(cookieName());
    if (raw) {
      try {
        return JSON.parse(raw) as SessionData;
      } catch {
        // corrupt cookie: fall back to local storage
      }
    }
  }
  return readJson<SessionData>(sessionKey());
}

function storeSession(data: SessionData): void {
  writeJson(sessionKey(), data);
  if (settings.useCookies) setCookie(cookieName(), JSON.stringify(data), COOKIE_DAYS);
}

function applySession(data: SessionData): void {
  session = data;
  setIdentityHeaders(data);
  storeSession(data);
  if (data.gleapId) {
    const wasReady = ready;
    ready = true;
    emit('session-updated', data);
    if (!wasReady) emit('session-ready', data);
  }
}

/** Forget the session: storage, cookie, memory and headers. */
export function clearSession(): void {
  clearTimeout(restartTimer);
  const previousHash = session?.gleapHash;
  removeItem(sessionKey());
  removeCookie(cookieName());
  session = null;
  ready = false;
  setIdentityHeaders(null);
  emit('session-cleared', previousHash);
}

/**
 * `POST /sessions` with the stored identity. 200/201 with a `gleapId`: ready. 429: nothing. Anything else (an answer
 * without `gleapId` or unreadable included): clear and retry after `10 s x attempt²`.
 */
export async function startSession(stored: SessionData | null = readStoredSession()): Promise<void> {
  clearTimeout(restartTimer);
  setIdentityHeaders(stored);
  try {
    const data = await api<SessionData>('POST', '/sessions', { lang: currentLang() });
    // an empty 200, a proxy's HTML or JSON without an id is no session: retry rather than wait for a "ready" never coming
    if (!data || typeof data.gleapId !== 'string' || !data.gleapId) throw new Error('session answer without gleapId');
    attempt = 0;
    applySession(data);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429) return;
    clearSession();
    attempt += 1;
    restartTimer = setTimeout(() => void startSession(), SESSION_RESTART_BASE_MS * attempt * attempt);
  }
}

/** Skip rule of §5: same user id and every given field equals the session value or its customData value. */
export function isUnchanged(userId: string | undefined, data: ContactData): boolean {
  if (!session) return false;
  if (userId !== undefined && `${session.userId ?? ''}` !== `${userId}`) return false;
  const flat: Record<string, unknown> = { ...data, ...(data.customData ?? {}) };
  delete flat.customData;
  return Object.entries(flat).every(
    ([k, v]) => session?.[k] === v || (session?.customData as Record<string, unknown> | undefined)?.[k] === v,
  );
}

function requireReady(): void {
  if (!ready || !session) throw new Error(SESSION_NOT_READY);
}

/** `POST /sessions/identify` with customData flattened to the top level. */
export async function identifySession(userId: string, data: ContactData = {}, userHash?: string): Promise<SessionData> {
  requireReady();
  if (isUnchanged(userId, data)) return session as SessionData;
  const { customData, ...fields } = data;
  const body: Record<string, unknown> = { ...fields, ...(customData ?? {}), userId, lang: currentLang() };
  if (userHash) body.userHash = userHash;
  const answer = await api<SessionData>('POST', '/sessions/identify', body);
  applySession(answer);
  return answer;
}

/** `POST /sessions/partialupdate` with the given fields plus lang. */
export async function updateSession(data: ContactData, force = false): Promise<SessionData> {
  requireReady();
  if (!force && isUnchanged(undefined, data)) return session as SessionData;
  const answer = await api<SessionData>('POST', '/sessions/partialupdate', {
    data: { ...data, lang: currentLang() },
    type: 'js',
    sdkVersion: SDK_VERSION,
    ws: true,
  });
  applySession({ ...session, ...answer });
  return answer;
}

/** Test hook: forget module state between tests. */
export function resetSessionState(): void {
  clearTimeout(restartTimer);
  session = null;
  ready = false;
  attempt = 0;
  setIdentityHeaders(null);
}
