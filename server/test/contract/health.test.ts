import { afterAll, beforeAll, expect, test } from 'vitest';
import { implementedOperations } from '../../src/http/app';
import { loadOpenApi, operationsOf } from '../../src/http/openapi';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

test('GET /api/health answers ok when the database and the broker answer', async () => {
  const response = await server.call({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok', database: 'ok', broker: 'ok' });
});

test('GET /api/health answers 503 once the database is closed', async () => {
  const other = await createTestServer();
  await other.database.close();
  const response = await other.call({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ status: 'degraded', database: 'unreachable' });
  await other.app.close();
});

test('every answer carries the security headers and a request id', async () => {
  const response = await server.call({ method: 'GET', url: '/api/health' });
  expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['strict-transport-security']).toBeUndefined();
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('every operation of the contract has its handler: none answers 501 not_implemented', () => {
  const handlers = implementedOperations(server.deps);
  const missing = [...operationsOf(loadOpenApi()).keys()].filter((operationId) => !handlers[operationId]);
  expect(missing).toEqual([]);
});

test('an unknown API path answers 404 in the error shape', async () => {
  const response = await server.call({ method: 'GET', url: '/api/no-such-thing' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ code: 'not_found' });
});

test('a body over the limit answers 413 in the error shape', async () => {
  const response = await server.call({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'sa@voltline.demo', password: 'x'.repeat(1024 * 1024 + 10) }),
  });
  expect(response.statusCode).toBe(413);
  expect(response.json()).toMatchObject({ code: 'payload_too_large' });
});

test('CORS answers only configured origins', async () => {
  const open = await createTestServer({ CORS_ORIGINS: 'https://fleet.example.com' });
  try {
    const allowed = await open.call({
      method: 'OPTIONS',
      url: '/api/vehicles',
      headers: { origin: 'https://fleet.example.com', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://fleet.example.com');
    const refused = await open.call({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  } finally {
    await open.close();
  }
  const none = await server.call({
    method: 'GET',
    url: '/api/health',
    headers: { origin: 'https://fleet.example.com' },
  });
  expect(none.headers['access-control-allow-origin']).toBeUndefined();
});
