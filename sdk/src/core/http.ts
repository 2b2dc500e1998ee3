import { settings, trimUrl } from './state';

/** An HTTP failure with its status (0 when the network failed). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = `Request failed with status ${status}`,
  ) {
    super(message);
  }
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
 * Call the Widget API. Resolves with the parsed JSON answer for 200 or 201; rejects with an `HttpError` otherwise
 * (status 0 when the network failed).
 */
export async function api<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  okStatuses = [200, 201],
): Promise<T> {
  const f = nativeFetch.fn ?? fetch;
  let res: Response;
  try {
    res = await f(`${trimUrl(settings.apiUrl)}${path}`, {
      method,
      headers: apiHeaders(!(body instanceof FormData)),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new HttpError(0, String(err));
  }
  if (!okStatuses.includes(res.status)) throw new HttpError(res.status);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}
