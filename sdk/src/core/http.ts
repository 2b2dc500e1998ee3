import { API_TIMEOUT_MS } from './constants';
import { settings, trimUrl } from './state';

/** An HTTP failure with its status (0 when the network failed or the call timed out). */
export class HttpError extends Error {
  // Declared fields set in the constructor, not parameter properties: those compile to a class-field helper that would
  // be one more eager file of the core (`widget.core.gz`).
  declare readonly status: number;
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  declare readonly retryAfterMs?: number;

  constructor(status: number, message = `Request failed with status ${status}`, retryAfterMs?: number) {
    super(message);
    Object.assign(this, { status, retryAfterMs });
  }
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The un-instrumented fetch: the network logger sets it when it wraps `fetch`, so our own calls are never logged. */
export const nativeFetch: { fn?: typeof fetch } = {};

let identity: { gleapId?: string; gleapHash?: string } | null = null;

/** The session headers ride on every call once a session exists. */
export function setIdentityHeaders(value: { gleapId?: string; gleapHash?: string } | null): void {
  identity = value;
}

export function apiHeaders(json = true): Record<string, string> {
  const h: Record<string, string> = { 'Api-Token': settings.sdkKey };
  if (json) h['Content-Type'] = 'application/json;charset=UTF-8';
  if (identity?.gleapId) h['Gleap-Id'] = identity.gleapId;
  if (identity?.gleapHash) h['Gleap-Hash'] = identity.gleapHash;
  return h;
}

/**
 * One call with the client time-out: resolves with the status and the body text of any answer, rejects with
 * `HttpError(0)` when the network failed or the answer (body included) took longer than `timeoutMs`.
 */
export async function request(
  url: string,
  init: RequestInit,
  timeoutMs = API_TIMEOUT_MS,
): Promise<{ status: number; text: string; retryAfterMs?: number }> {
  const f = nativeFetch.fn ?? fetch;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await f(url, { ...init, signal: controller.signal });
    const text = await res.text();
    return { status: res.status, text, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) };
  } catch (err) {
    throw new HttpError(0, controller.signal.aborted ? `timed out after ${timeoutMs} ms` : String(err));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Call the Widget API. Resolves with the parsed JSON answer for 200 or 201; rejects with an `HttpError` otherwise
 * (status 0 when the network failed or the call timed out).
 */
export async function api<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  okStatuses = [200, 201],
): Promise<T> {
  const res = await request(`${trimUrl(settings.apiUrl)}${path}`, {
    method,
    headers: apiHeaders(!(body instanceof FormData)),
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!okStatuses.includes(res.status)) throw new HttpError(res.status, undefined, res.retryAfterMs);
  return (res.text ? JSON.parse(res.text) : {}) as T;
}
