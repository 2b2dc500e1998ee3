import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { setEnvForTests } from '@/config/env';
import { server } from '@/mocks/node';
import {
  ApiError,
  apiClient,
  resolveApiUrl,
  setAuthTokenGetter,
  setUnauthorizedHandler,
  toApiError,
} from './api-client';

afterEach(() => {
  setAuthTokenGetter(() => null);
  setUnauthorizedHandler(() => {});
  setEnvForTests(undefined);
});

describe('apiClient', () => {
  test('sends the bearer token from the token getter', async () => {
    let seen: string | null = null;
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ user: { id: 'u', name: 'U', email: 'u@x.io', role: 'SA' }, permissions: {} });
      }),
    );
    setAuthTokenGetter(() => 'token-1');
    await apiClient.GET('/auth/me');
    expect(seen).toBe('Bearer token-1');
  });

  test('sends no Authorization header without a token', async () => {
    let seen: string | null = 'unset';
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ user: { id: 'u', name: 'U', email: 'u@x.io', role: 'SA' }, permissions: {} });
      }),
    );
    await apiClient.GET('/auth/me');
    expect(seen).toBeNull();
  });

  test('calls the unauthorized handler on a 401 and rejects with an ApiError', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const error = await apiClient.GET('/auth/me').catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  test('does not call the unauthorized handler on other errors', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await apiClient
      .POST('/auth/login', { body: { email: 'nobody@voltline.demo', password: 'x' } })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('turns the contract error body into an ApiError with its field errors', async () => {
    const error = await apiClient
      .POST('/auth/login', { body: { email: 'not-an-email', password: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fieldErrors: { email: 'Enter a valid email address.', password: 'Enter your password.' },
    });
  });

  test('turns a non-JSON error answer into an ApiError with a readable message', async () => {
    server.use(
      http.get('/api/auth/me', () => new HttpResponse('Bad gateway', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await apiClient.GET('/auth/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_502', message: 'The server answered 502 Bad Gateway.' });
  });

  test('resolves paths against a run-time API URL', () => {
    setEnvForTests({ apiUrl: 'https://fleet.example.com/v2/', mqttUrl: 'ws://x:1', demo: false });
    expect(resolveApiUrl('/auth/me')).toBe('https://fleet.example.com/v2/auth/me');
  });
});

describe('toApiError', () => {
  test('returns an ApiError unchanged', () => {
    const error = new ApiError(409, 'conflict', 'Taken');
    expect(toApiError(error)).toBe(error);
  });

  test('reports a network failure as status 0 network_error', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({ status: 0, code: 'network_error' });
  });

  test('keeps the message of any other error', () => {
    expect(toApiError(new Error('boom'))).toMatchObject({ status: 0, code: 'unknown', message: 'boom' });
  });
});
