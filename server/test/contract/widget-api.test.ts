import { sql } from 'kysely';
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

type Session = { gleapId: string; gleapHash: string };
async function newSession(key = KEY, lang = 'en-us'): Promise<Session> {
  const response = await widget('POST', '/sessions', { key, payload: { lang } });
  expect(response.statusCode).toBe(201);
  return response.json() as Session;
}
const sessionRow = (id: string) =>
  server.database.db.selectFrom('widget_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('sessions', () => {
  test('POST /sessions starts one (201); with its Gleap-Id and Gleap-Hash it resumes it (200); the hash is kept hashed', async () => {
    const created = await widget('POST', '/sessions', { key: KEY, payload: { lang: 'en-us' } });
    expectWidgetContract('post', '/sessions', created);
    expect(created.statusCode).toBe(201);
    const session = created.json() as Session & { lang: string };
    expect(session.gleapId).toMatch(/^[\w-]{20,}$/);
    expect(session.gleapHash).toMatch(/^[\w-]{40,}$/);
    expect(session.lang).toBe('en-us');
    const row = await sessionRow(session.gleapId);
    expect(row.hash_sha256).not.toContain(session.gleapHash);
    expect(row.hash_sha256).toMatch(/^[0-9a-f]{64}$/);

    const resumed = await widget('POST', '/sessions', { key: KEY, session, payload: { lang: 'de-de' } });
    expectWidgetContract('post', '/sessions', resumed);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ gleapId: session.gleapId, gleapHash: session.gleapHash, lang: 'de-de' });

    // A wrong hash, or a session of another key, is not resumed: the widget gets a new one.
    const forged = await widget('POST', '/sessions', {
      key: KEY,
      session: { ...session, gleapHash: 'guessed' },
      payload: {},
    });
    expect(forged.statusCode).toBe(201);
    expect(forged.json().gleapId).not.toBe(session.gleapId);
    const otherKey = await widget('POST', '/sessions', { key: 'oem-widget-key', session, payload: {} });
    expect(otherKey.statusCode).toBe(201);
    expect(otherKey.json().gleapId).not.toBe(session.gleapId);
  });

  test('an unknown or revoked key gets 401 and no session is stored', async () => {
    const before = await server.database.db
      .selectFrom('widget_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const key of ['no-such-key', 'revoked-widget-key', '']) {
      const refused = await widget('POST', '/sessions', { key, payload: { lang: 'en-us' } });
      expectWidgetContract('post', '/sessions', refused);
      expect(refused.statusCode).toBe(401);
    }
    const noKey = await widget('POST', '/sessions', { payload: { lang: 'en-us' } });
    expect(noKey.statusCode).toBe(401);
    const after = await server.database.db
      .selectFrom('widget_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  test('identify: user fields to the contact, custom data flattened in comes back under customData; userHash is not kept', async () => {
    const session = await newSession();
    const identified = await widget('POST', '/sessions/identify', {
      key: KEY,
      session,
      payload: {
        name: 'Asha Rao',
        email: 'asha@example.com',
        plan: 'pro',
        fleetSize: 12,
        userId: 'u-42',
        userHash: 'h',
        lang: 'en-us',
      },
    });
    expectWidgetContract('post', '/sessions/identify', identified);
    expect(identified.statusCode).toBe(200);
    expect(identified.json()).toMatchObject({
      gleapId: session.gleapId,
      gleapHash: session.gleapHash,
      userId: 'u-42',
      name: 'Asha Rao',
      email: 'asha@example.com',
      plan: 'pro',
      customData: { fleetSize: 12 },
    });
    expect(identified.json()).not.toHaveProperty('userHash');
    const row = await sessionRow(session.gleapId);
    expect(row).toMatchObject({ user_id: 'u-42', email: 'asha@example.com', custom_data: { fleetSize: 12 } });
    expect(JSON.stringify(row)).not.toContain('userHash');

    const updated = await widget('POST', '/sessions/partialupdate', {
      key: KEY,
      session,
      payload: {
        data: { phone: '+49 30 1234', depot: 'Berlin', lang: 'de-de' },
        type: 'js',
        sdkVersion: '14.2.11',
        ws: true,
      },
    });
    expectWidgetContract('post', '/sessions/partialupdate', updated);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      userId: 'u-42',
      phone: '+49 30 1234',
      lang: 'de-de',
      customData: { fleetSize: 12, depot: 'Berlin' },
    });
    expect(await sessionRow(session.gleapId)).toMatchObject({
      phone: '+49 30 1234',
      custom_data: { fleetSize: 12, depot: 'Berlin' },
    });
  });

  test('identify, update and ping need the session: none or a wrong hash is 401; a malformed body is 400; nothing is written', async () => {
    const session = await newSession();
    const before = await sessionRow(session.gleapId);
    for (const path of ['/sessions/identify', '/sessions/partialupdate', '/sessions/ping']) {
      const none = await widget('POST', path, { key: KEY, payload: { data: {}, time: 1, events: [] } });
      expect(none.statusCode, path).toBe(401);
      const wrong = await widget('POST', path, {
        key: KEY,
        session: { ...session, gleapHash: 'x' },
        payload: { data: {}, time: 1, events: [] },
      });
      expect(wrong.statusCode, path).toBe(401);
      const revoked = await widget('POST', path, {
        key: 'revoked-widget-key',
        session,
        payload: { data: {}, time: 1, events: [] },
      });
      expect(revoked.statusCode, path).toBe(401);
    }
    const badEmail = await widget('POST', '/sessions/identify', {
      key: KEY,
      session,
      payload: { email: { not: 'text' } },
    });
    expectWidgetContract('post', '/sessions/identify', badEmail);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fieldErrors).toEqual({ email: 'Must be a text of at most 1000 characters.' });
    const noData = await widget('POST', '/sessions/partialupdate', { key: KEY, session, payload: { type: 'js' } });
    expect(noData.statusCode).toBe(400);
    const notJson = await server.call({
      method: 'POST',
      url: `${W}/sessions/identify`,
      headers: { ...json, 'api-token': KEY, 'gleap-id': session.gleapId, 'gleap-hash': session.gleapHash },
      payload: '{"name": "Asha',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBeTruthy();
    const after = await sessionRow(session.gleapId);
    expect(after).toEqual(before);
  });

  test('ping stores the queued events as sent and answers {}; a malformed event list is 400', async () => {
    const session = await newSession();
    const events = [
      { name: 'sessionStarted', date: '2026-03-01T10:00:00.000Z' },
      { name: 'pageView', date: '2026-03-01T10:00:01.000Z', data: { page: 'https://shop.example/cart' } },
    ];
    const ping = await widget('POST', '/sessions/ping', {
      key: KEY,
      session,
      payload: { time: 1234, events, opened: false, type: 'js', sdkVersion: '14.2.11', ws: true },
    });
    expectWidgetContract('post', '/sessions/ping', ping);
    expect(ping.statusCode).toBe(200);
    expect(ping.json()).toEqual({});
    const stored = await server.database.db
      .selectFrom('widget_session_events')
      .select(['name', 'occurred_at', 'data'])
      .where('session_id', '=', session.gleapId)
      .orderBy('id')
      .execute();
    expect(stored.map((e) => [e.name, e.occurred_at?.toISOString(), e.data])).toEqual([
      ['sessionStarted', '2026-03-01T10:00:00.000Z', null],
      ['pageView', '2026-03-01T10:00:01.000Z', { page: 'https://shop.example/cart' }],
    ]);
    const bad = await widget('POST', '/sessions/ping', {
      key: KEY,
      session,
      payload: { time: 1, events: [{ date: 'x' }] },
    });
    expectWidgetContract('post', '/sessions/ping', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('events.0.name');
    const tooMany = await widget('POST', '/sessions/ping', {
      key: KEY,
      session,
      payload: { time: 1, events: Array.from({ length: 201 }, () => ({ name: 'e' })) },
    });
    expect(tooMany.statusCode).toBe(400);
    const count = await server.database.db
      .selectFrom('widget_session_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('session_id', '=', session.gleapId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(2);
  });

  test('a session body over 256 KB is 413', async () => {
    const session = await newSession();
    const big = await widget('POST', '/sessions/identify', {
      key: KEY,
      session,
      payload: { name: 'x', note: 'y'.repeat(300 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect((await sessionRow(session.gleapId)).name).toBeNull();
  });
});
