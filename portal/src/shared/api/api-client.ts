import createClient, { type Middleware } from 'openapi-fetch';
import { getEnv } from '@/config/env';
import { ApiError, apiErrorFromResponse, toApiError } from './api-error';
import type { paths } from '@/domain/api-schema';

export { ApiError, toApiError };

let getToken: () => string | null = () => null;
let handleUnauthorized: () => void = () => {};
let handleForbidden: () => void = () => {};

/** Sets where the client reads the bearer token from (the auth store). */
export function setAuthTokenGetter(fn: () => string | null): void {
  getToken = fn;
}

/** Sets what happens on any 401 answer (log out and return to the wanted page after the next login). */
export function setUnauthorizedHandler(fn: () => void): void {
  handleUnauthorized = fn;
}

/**
 * Sets what happens on any 403 answer: the session's permissions may have been narrowed since they were loaded (a
 * role change applies on the next request), so the app refreshes them and its guards show 403 where access went.
 */
export function setForbiddenHandler(fn: () => void): void {
  handleForbidden = fn;
}

/** Resolves a path of the contract against the configured API base URL (read per call, so `config.json` applies). */
export function resolveApiUrl(path: string): string {
  const base = getEnv().apiUrl.replace(/\/+$/, '');
  const origin = globalThis.location?.href ?? 'http://localhost/';
  return new URL(`${base}${path}`, origin).href;
}

/**
 * openapi-fetch builds its Request before any middleware runs, and Node's Request rejects relative URLs. Resolving in
 * the constructor keeps `apiUrl` a run-time setting and makes the same client work in the browser and under Vitest.
 */
class ApiRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? resolveApiUrl(input) : input, init);
  }
}

const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return response;
    if (response.status === 401) handleUnauthorized();
    if (response.status === 403) handleForbidden();
    // Throwing here rejects the call, so every non-2xx reaches TanStack Query as an ApiError.
    throw await apiErrorFromResponse(response);
  },
};

/**
 * The typed Fleet API client. Calls resolve with `{data}` on 2xx and reject with an ApiError otherwise.
 * @example const { data } = await apiClient.GET('/auth/me');
 */
export const apiClient = createClient<paths>({
  baseUrl: '',
  Request: ApiRequest,
  // Looked up per call: MSW (tests, demo) and other instrumentation replace globalThis.fetch after this module loads.
  fetch: (request: Request) => globalThis.fetch(request),
});
apiClient.use(authMiddleware);

/** Returns the data of a successful call; an empty body where the contract promises one is a server bug. */
export function requireData<T>(result: { data?: T }): T {
  if (result.data === undefined) throw new ApiError(0, 'empty_response', 'The server sent an empty answer.');
  return result.data;
}
