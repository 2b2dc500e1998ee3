import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../helpers';
import { expectWidgetContract } from '../widget-contract';

/** The widget API (decision 0115) as gleap@14.2.11's widget calls it: `sdk/api/widget-api.yaml`. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ CORS_ORIGINS: 'https://fleet.example.com' });
  // A revoked key of the demo organisation, and a live key of an OEM.
  await server.database.db
    .insertInto('sdk_keys')
    .values([
      {
        id: 'sdk-old',
        tenant_id: 'platform',
        key: 'revoked-widget-key',
        name: 'Old site',
        created_at: '2026-01-01T00:00:00Z',
        revoked_at: '2026-02-01T00:00:00Z',
      },
      {
        id: 'sdk-oem',
        tenant_id: 'oem-01',
        key: 'oem-widget-key',
        name: 'OEM site',
        created_at: '2026-01-01T00:00:00Z',
        config: JSON.stringify({ color: '#00AA55' }),
      },
    ])
    .execute();
});
afterAll(() => server?.close());

const KEY = 'demo-widget-key';
const W = '/widget-api';
const json = { 'content-type': 'application/json;charset=UTF-8' };

/** A widget call with gleap's headers: `Api-Token`, and `Gleap-Id`/`Gleap-Hash` once a session exists. */
function widget(
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  options: {
    key?: string;
    session?: { gleapId: string; gleapHash: string };
    payload?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...(options.payload === undefined ? {} : json), ...options.headers };
  if (options.key !== undefined) headers['api-token'] = options.key;
  if (options.session) {
    headers['gleap-id'] = options.session.gleapId;
    headers['gleap-hash'] = options.session.gleapHash;
  }
  return server.call({
    method,
    url: `${W}${path}`,
    headers,
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  });
}

describe('SDK keys and the mount', () => {
  test('the seed has demo-widget-key, of the platform organisation', async () => {
    const row = await server.database.db
      .selectFrom('sdk_keys')
      .selectAll()
      .where('key', '=', KEY)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: 'platform', revoked_at: null });
  });

  test('GET /config/{key}: the default flowConfig, or what the organisation set over it', async () => {
    const demo = await widget('GET', `/config/${KEY}?lang=en-us`, { key: KEY });
    expectWidgetContract('get', '/config/{sdkKey}', demo);
    expect(demo.statusCode).toBe(200);
    expect(demo.json().flowConfig).toMatchObject({
      color: '#485BFF',
      feedbackButtonPosition: 'BOTTOM_RIGHT',
      enableWebReplays: true,
    });
    const oem = await widget('GET', '/config/oem-widget-key', { key: 'oem-widget-key' });
    expect(oem.json().flowConfig).toMatchObject({ color: '#00AA55', enableNetworkLogs: true });
    const tooltips = await widget('GET', `/config/${KEY}/tooltips`, { key: KEY });
    expectWidgetContract('get', '/config/{sdkKey}/tooltips', tooltips);
    expect(tooltips.json()).toEqual([]);
  });

  test('an unknown or revoked key answers 401 in the widget error shape', async () => {
    for (const key of ['no-such-key', 'revoked-widget-key']) {
      const config = await widget('GET', `/config/${key}`, { key });
      expectWidgetContract('get', '/config/{sdkKey}', config);
      expect(config.statusCode).toBe(401);
      expect(config.json().message).toMatch(/not known or has been revoked/);
      expect((await widget('GET', `/config/${key}/tooltips`, { key })).statusCode).toBe(401);
    }
  });

  test('its own CORS: any origin, its headers allowed, Retry-After readable; the Fleet API keeps its origins', async () => {
    const preflight = await widget('OPTIONS', '/bugs/v2', {
      headers: {
        origin: 'https://shop.integrator.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,api-token,gleap-id,gleap-hash',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('gleap-hash');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    const config = await widget('GET', `/config/${KEY}`, {
      key: KEY,
      headers: { origin: 'https://shop.integrator.example' },
    });
    expect(config.headers['access-control-allow-origin']).toBe('*');
    expect(String(config.headers['access-control-expose-headers'])).toContain('Retry-After');
    // The Fleet API answers only its configured origin, never `*`.
    const fleet = await server.call({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://shop.integrator.example' },
    });
    expect(fleet.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await server.call({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://fleet.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://fleet.example.com');
  });
});
