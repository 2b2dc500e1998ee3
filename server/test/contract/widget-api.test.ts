import { sql } from 'kysely';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServiceDeps } from '../../src/deps';
import { createApp } from '../../src/http/app';
import { demoWidgetEngagement } from '../../src/db/seed-source';
import { REPORT_MAX_DEPTH } from '../../src/services/feedback/send-report';
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
      { id: 'sdk-bare', tenant_id: 'oem-01', key: 'bare-widget-key', name: 'Bare', created_at: '2026-01-01T00:00:00Z' },
    ])
    .execute();
  // The OEM key's own tooltips and tours: a live one and a draft.
  const at = '2026-01-02T00:00:00Z';
  await server.database.db
    .insertInto('widget_tooltips')
    .values({
      sdk_key_id: 'sdk-oem',
      tooltips: JSON.stringify([{ selector: '#oem', html: 'OEM tip', mode: 'tooltip', page: '' }]),
      updated_at: at,
    })
    .execute();
  await server.database.db
    .insertInto('widget_product_tours')
    .values([
      {
        sdk_key_id: 'sdk-oem',
        outbound_id: 'oem-tour',
        status: 'live',
        config: JSON.stringify(OEM_TOUR),
        created_at: at,
        updated_at: at,
      },
      {
        sdk_key_id: 'sdk-oem',
        outbound_id: 'oem-draft',
        status: 'draft',
        config: JSON.stringify(OEM_DRAFT),
        created_at: at,
        updated_at: at,
      },
    ])
    .execute();
});
const OEM_TOUR = { tourType: 'standard', steps: [{ selector: '', message: 'OEM welcome' }] };
const OEM_DRAFT = { tourType: 'standard', steps: [{ selector: '#x', message: 'Not yet' }] };
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
  });

  test("GET /config/{key}/tooltips: the key's own tooltips (the seed's for the demo key), none for a key without", async () => {
    const demo = await widget('GET', `/config/${KEY}/tooltips`, { key: KEY });
    expectWidgetContract('get', '/config/{sdkKey}/tooltips', demo);
    expect(demo.statusCode).toBe(200);
    expect(demo.json()).toEqual(demoWidgetEngagement()[0]?.tooltips);
    expect(demo.json().map((t: { mode: string }) => t.mode)).toEqual(['hotspot', 'tooltip']);
    const oem = await widget('GET', '/config/oem-widget-key/tooltips', { key: 'oem-widget-key' });
    expect(oem.json()).toEqual([{ selector: '#oem', html: 'OEM tip', mode: 'tooltip', page: '' }]);
    const bare = await widget('GET', '/config/bare-widget-key/tooltips', { key: 'bare-widget-key' });
    expectWidgetContract('get', '/config/{sdkKey}/tooltips', bare);
    expect(bare.json()).toEqual([]);
  });

  test('an unknown or revoked key answers 401 in the widget error shape', async () => {
    for (const key of ['no-such-key', 'revoked-widget-key']) {
      const config = await widget('GET', `/config/${key}`, { key });
      expectWidgetContract('get', '/config/{sdkKey}', config);
      expect(config.statusCode).toBe(401);
      expect(config.json().message).toMatch(/not known or has been revoked/);
      const tooltips = await widget('GET', `/config/${key}/tooltips`, { key });
      expectWidgetContract('get', '/config/{sdkKey}/tooltips', tooltips);
      expect(tooltips.statusCode).toBe(401);
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
describe('product tours', () => {
  const TOURS = '/outbound/producttours';
  const VALIDATION = '/outbound/producttourvalidation';
  const tourCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('widget_product_tours')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test("POST /outbound/producttours: the key's tour under `config`, the seed's demo-tour for the demo key", async () => {
    const demo = await widget('POST', TOURS, { key: KEY, payload: { outboundId: 'demo-tour' } });
    expectWidgetContract('post', TOURS, demo);
    expect(demo.statusCode).toBe(200);
    const seeded = demoWidgetEngagement()[0]?.tours.find((t) => t.outboundId === 'demo-tour');
    expect(demo.json()).toEqual({ config: seeded?.config });
    expect(demo.json().config.steps).toHaveLength(3);
    const cobrowse = await widget('POST', TOURS, { key: KEY, payload: { outboundId: 'demo-cobrowse' } });
    expect(cobrowse.json().config.tourType).toBe('cobrowse');
    const oem = await widget('POST', TOURS, { key: 'oem-widget-key', payload: { outboundId: 'oem-tour' } });
    expect(oem.json()).toEqual({ config: OEM_TOUR });
  });

  test("an unknown tour, or another organisation's, is 404; a key sees only its own tours", async () => {
    for (const [key, outboundId] of [
      [KEY, 'no-such-tour'],
      [KEY, 'oem-tour'],
      ['oem-widget-key', 'demo-tour'],
      ['bare-widget-key', 'oem-tour'],
    ] as const) {
      const answer = await widget('POST', TOURS, { key, payload: { outboundId } });
      expectWidgetContract('post', TOURS, answer);
      expect(answer.statusCode, `${key} ${outboundId}`).toBe(404);
      expect(answer.json().config).toBeUndefined();
    }
  });

  test('POST /outbound/producttourvalidation: live with its config, draft with its config, unknown as draft', async () => {
    const live = await widget('POST', VALIDATION, { key: 'oem-widget-key', payload: { outboundId: 'oem-tour' } });
    expectWidgetContract('post', VALIDATION, live);
    expect(live.json()).toEqual({ status: 'live', config: OEM_TOUR });
    const draft = await widget('POST', VALIDATION, { key: 'oem-widget-key', payload: { outboundId: 'oem-draft' } });
    expectWidgetContract('post', VALIDATION, draft);
    expect(draft.json()).toEqual({ status: 'draft', config: OEM_DRAFT });
    // Another organisation's live tour may not start here, and its config is not given.
    for (const [key, outboundId] of [
      [KEY, 'oem-tour'],
      ['oem-widget-key', 'no-such-tour'],
    ] as const) {
      const other = await widget('POST', VALIDATION, { key, payload: { outboundId } });
      expectWidgetContract('post', VALIDATION, other);
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({ status: 'draft' });
    }
    const demo = await widget('POST', VALIDATION, { key: KEY, payload: { outboundId: 'demo-tour' } });
    expect(demo.json().status).toBe('live');
  });

  test('an unknown, revoked or missing key is 401, whatever the tour', async () => {
    for (const path of [TOURS, VALIDATION]) {
      for (const key of ['no-such-key', 'revoked-widget-key', undefined]) {
        const answer = await widget('POST', path, {
          ...(key === undefined ? {} : { key }),
          payload: { outboundId: 'demo-tour' },
        });
        expectWidgetContract('post', path, answer);
        expect(answer.statusCode, `${path} ${key}`).toBe(401);
        expect(answer.json().message).toMatch(/not known or has been revoked/);
      }
    }
  });

  test('a bad body is 400 in the widget error shape, and nothing is written', async () => {
    const before = await tourCount();
    const bodies: unknown[] = [
      {},
      { outboundId: '' },
      { outboundId: 42 },
      { outboundId: 'x'.repeat(201) },
      { outboundId: 'demo\u0000tour' },
      ['demo-tour'],
      'demo-tour',
    ];
    for (const path of [TOURS, VALIDATION]) {
      for (const payload of bodies) {
        const answer = await widget('POST', path, { key: KEY, payload });
        expectWidgetContract('post', path, answer);
        expect(answer.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
        expect(answer.json().code).toBe('validation_failed');
      }
      const broken = await server.call({
        method: 'POST',
        url: `${W}${path}`,
        headers: { ...json, 'api-token': KEY },
        payload: '{"outboundId":',
      });
      expect(broken.statusCode).toBe(400);
      const none = await server.call({ method: 'POST', url: `${W}${path}`, headers: { 'api-token': KEY } });
      expect(none.statusCode).toBe(400);
    }
    expect(await tourCount()).toBe(before);
  });
});

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

  test('U+0000 anywhere in identify, update or ping (PostgreSQL cannot store it) is 400, and nothing is written', async () => {
    const session = await newSession();
    const before = await server.database.db
      .selectFrom('widget_sessions')
      .selectAll()
      .where('id', '=', session.gleapId)
      .executeTakeFirstOrThrow();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/sessions/identify', { userId: 'u-1', name: 'Asha\u0000' }, 'name'],
      ['/sessions/identify', { userId: 'u-1', plan: { tier: ['pro\u0000'] } }, 'plan'],
      ['/sessions/partialupdate', { data: { email: 'a@example.com', 'k\u0000': 1 } }, 'data'],
      ['/sessions/ping', { time: 1, events: [{ name: 'pageView', data: { page: '/cart\u0000' } }] }, 'events'],
    ];
    for (const [path, payload, field] of cases) {
      const refused = await widget('POST', path, { key: KEY, session, payload });
      expect(refused.statusCode, path).toBe(400);
      expect(Object.keys(refused.json().fieldErrors ?? {}), path).toEqual([field]);
    }
    const after = await server.database.db
      .selectFrom('widget_sessions')
      .selectAll()
      .where('id', '=', session.gleapId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const events = await server.database.db
      .selectFrom('widget_session_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('session_id', '=', session.gleapId)
      .executeTakeFirstOrThrow();
    expect(events.n).toBe(0);
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

  test('floods: new sessions from one address past 60 a minute, a session past 120 calls: 429 with Retry-After', async () => {
    const from = (remoteAddress: string, session?: Session) =>
      server.call({
        method: 'POST',
        url: `${W}/sessions`,
        remoteAddress,
        headers: {
          ...json,
          'api-token': KEY,
          ...(session ? { 'gleap-id': session.gleapId, 'gleap-hash': session.gleapHash } : {}),
        },
        payload: JSON.stringify({ lang: 'en-us' }),
      });
    const before = await server.database.db
      .selectFrom('widget_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    let last: Session | undefined;
    for (let i = 0; i < 60; i += 1) {
      const created = await from('203.0.113.7');
      expect(created.statusCode).toBe(201);
      last = created.json() as Session;
    }
    const refused = await from('203.0.113.7');
    expectWidgetContract('post', '/sessions', refused);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const after = await server.database.db
      .selectFrom('widget_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n - before.n).toBe(60);
    // The address's visitors still resume their sessions, and another address starts new ones.
    expect((await from('203.0.113.7', last)).statusCode).toBe(200);
    expect((await from('198.51.100.9')).statusCode).toBe(201);

    const session = await newSession();
    const ping = () => widget('POST', '/sessions/ping', { key: KEY, session, payload: { time: 1, events: [] } });
    for (let i = 0; i < 120; i += 1) expect((await ping()).statusCode).toBe(200);
    const tooMany = await ping();
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await widget('POST', '/sessions/identify', { key: KEY, session, payload: { name: 'x' } })).statusCode).toBe(
      429,
    );
    const other = await newSession();
    expect(
      (await widget('POST', '/sessions/ping', { key: KEY, session: other, payload: { time: 1, events: [] } }))
        .statusCode,
    ).toBe(200);
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

const reportCount = async (where: { sessionId?: string } = {}) => {
  let query = server.database.db.selectFrom('feedback_reports').select(sql<number>`count(*)::int`.as('n'));
  if (where.sessionId) query = query.where('session_id', '=', where.sessionId);
  return (await query.executeTakeFirstOrThrow()).n;
};
const uploadCount = async () =>
  (
    await server.database.db
      .selectFrom('widget_uploads')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
const widgetFiles = async () => {
  try {
    return await readdir(join(server.uploadDir, 'uploads', 'widget'));
  } catch {
    return [];
  }
};

/** A report as gleap@14.2.11 sends it (protocol file, "Other calls"), with our widget's client id. */
function gleapReport(overrides: Record<string, unknown> = {}) {
  return {
    type: 'BUG',
    priority: 'LOW',
    customData: { plan: 'pro' },
    metaData: {
      browserName: 'Chrome',
      currentUrl: 'https://shop.example/cart',
      sdkVersion: '14.2.11',
      sdkType: 'javascript',
    },
    consoleLog: [{ log: 'TypeError: x is undefined', date: '2026-03-01T10:00:00.000Z', priority: 'ERROR' }],
    networkLogs: [{ url: 'https://shop.example/api/cart', type: 'GET', status: 500, success: false, duration: 120 }],
    customEventLog: [{ name: 'checkout', date: '2026-03-01T10:00:02.000Z', data: { step: 2 } }],
    formData: { description: 'The cart is empty after paying', reportedBy: 'asha@example.com' },
    isSilent: false,
    outbound: undefined,
    screenshotData: {
      html: '<html><body>cart</body></html>',
      baseUrl: 'https://shop.example',
      width: 1280,
      height: 800,
      isMobile: false,
      x: 0,
      y: 0,
    },
    webReplay: {
      startDate: 1772359200000,
      events: [{ type: 4, data: { href: 'https://shop.example/cart' }, timestamp: 1772359200000 }],
      baseUrl: 'https://shop.example',
      width: 1280,
      height: 800,
      isMobile: false,
      type: 'rrweb',
    },
    screenRecordingUrl: null,
    spamToken: 'token',
    tags: ['checkout'],
    clientId: crypto.randomUUID(),
    ...overrides,
  };
}

function postReport(text: string, options: { key?: string; session?: Session; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...json, 'api-token': options.key ?? KEY, ...options.headers };
  if (options.session) {
    headers['gleap-id'] = options.session.gleapId;
    headers['gleap-hash'] = options.session.gleapHash;
  }
  return server.call({ method: 'POST', url: `${W}/bugs/v2`, headers, payload: text });
}

describe('POST /bugs/v2', () => {
  test('a report is stored with its logs, snapshot, replay events and metadata exactly as received (the text itself)', async () => {
    const session = await newSession();
    const report = gleapReport();
    // Spacing and key order as a client might send them: what is kept is this text, not a re-serialisation.
    const text = JSON.stringify(report, null, 1).replace('"type": "BUG"', '"type" :  "BUG"');
    const sent = await postReport(text, { session });
    expectWidgetContract('post', '/bugs/v2', sent);
    expect(sent.statusCode).toBe(201);
    const answer = sent.json() as { id: string; status: string };
    expect(answer.status).toBe('OPEN');
    const row = await server.database.db
      .selectFrom('feedback_reports')
      .select([
        'tenant_id',
        'session_id',
        'client_id',
        'type',
        'priority',
        'description',
        'reported_by',
        'page_url',
        'is_silent',
        'body_bytes',
        sql<string>`body::text`.as('text'),
      ])
      .where('id', '=', answer.id)
      .executeTakeFirstOrThrow();
    expect(row.text).toBe(text);
    expect(row).toMatchObject({
      tenant_id: 'platform',
      session_id: session.gleapId,
      client_id: report.clientId,
      type: 'BUG',
      priority: 'LOW',
      description: 'The cart is empty after paying',
      reported_by: 'asha@example.com',
      page_url: 'https://shop.example/cart',
      is_silent: false,
      body_bytes: Buffer.byteLength(text),
    });
  });

  test('a retried report (same client id) is stored once and answers the same id, also when both arrive at once', async () => {
    const session = await newSession();
    const text = JSON.stringify(gleapReport());
    const first = await postReport(text, { session });
    const retry = await postReport(text, { session });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    const twin = JSON.stringify(gleapReport());
    const [a, b] = await Promise.all([postReport(twin, { session }), postReport(twin, { session })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await reportCount({ sessionId: session.gleapId })).toBe(2);
    // gleap's own SDK sends no client id: each report it sends is a new one.
    const { clientId: _none, ...withoutId } = gleapReport();
    await postReport(JSON.stringify(withoutId), { session });
    await postReport(JSON.stringify(withoutId), { session });
    expect(await reportCount({ sessionId: session.gleapId })).toBe(4);
  });

  test('without a session the report is stored under its key; an unknown or revoked key or a wrong session is 401, nothing stored', async () => {
    const anonymous = await postReport(JSON.stringify(gleapReport()));
    expect(anonymous.statusCode).toBe(201);
    const before = await reportCount();
    const session = await newSession();
    for (const refused of [
      await postReport(JSON.stringify(gleapReport()), { key: 'no-such-key' }),
      await postReport(JSON.stringify(gleapReport()), { key: 'revoked-widget-key', session }),
      await postReport(JSON.stringify(gleapReport()), { session: { ...session, gleapHash: 'guessed' } }),
      await postReport(JSON.stringify(gleapReport()), { key: 'oem-widget-key', session }),
    ]) {
      expectWidgetContract('post', '/bugs/v2', refused);
      expect(refused.statusCode).toBe(401);
    }
    expect(await reportCount()).toBe(before);
  });

  test('malformed bodies are 400 with the field, another content type 415, over 16 MB 413: nothing stored', async () => {
    // Without a session: the limits are counted before the body is read, so these dozen refusals would use up a
    // session's 10 reports a minute (the key's 600 are far).
    const before = await reportCount();
    const cases: [string, string | undefined][] = [
      ['{"type":"BUG", "consoleLog": [', 'body'],
      [JSON.stringify({ priority: 'LOW' }), 'type'],
      [JSON.stringify(gleapReport({ consoleLog: 'not a list' })), 'consoleLog'],
      [JSON.stringify(gleapReport({ metaData: [1, 2] })), 'metaData'],
      [JSON.stringify(gleapReport({ clientId: 42 })), 'clientId'],
      [JSON.stringify([gleapReport()]), 'body'],
      // PostgreSQL's text holds no U+0000: in the type or client id (columns the inbox filters by) it is refused.
      [JSON.stringify(gleapReport({ type: 'BU\u0000G' })), 'type'],
      [JSON.stringify(gleapReport({ clientId: 'abc\u0000' })), 'clientId'],
      // Nesting deeper than PostgreSQL parses (20,000 levels; a million, within the size limit): 400, not a 500.
      ...[20_000, 1_000_000].map((levels): [string, string] => [
        JSON.stringify(gleapReport()).replace(
          '"customData":{',
          `"customData":{"deep":${'['.repeat(levels)}${']'.repeat(levels)},`,
        ),
        'body',
      ]),
    ];
    for (const [text, field] of cases) {
      const refused = await postReport(text);
      expectWidgetContract('post', '/bugs/v2', refused);
      expect(refused.statusCode, text.slice(0, 40)).toBe(400);
      expect(Object.keys(refused.json().fieldErrors ?? {})).toEqual([field]);
    }
    const asText = await postReport(JSON.stringify(gleapReport()), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText.statusCode).toBe(415);
    const huge = gleapReport({
      webReplay: { type: 'rrweb', events: [{ type: 2, data: 'x'.repeat(17 * 1024 * 1024) }] },
    });
    const tooLarge = await postReport(JSON.stringify(huge));
    expectWidgetContract('post', '/bugs/v2', tooLarge);
    expect(tooLarge.statusCode).toBe(413);
    expect(await reportCount()).toBe(before);
  });

  test('U+0000 in a shown field and nesting up to the limit are accepted: the body as received, the columns without U+0000', async () => {
    const session = await newSession();
    const deep = `${'['.repeat(REPORT_MAX_DEPTH - 2)}"[{\\"]"${']'.repeat(REPORT_MAX_DEPTH - 2)}`;
    const text = JSON.stringify(
      gleapReport({
        formData: { description: 'Pay\u0000 fails', reportedBy: 'a\u0000@example.com' },
        metaData: { currentUrl: 'https://shop.example/\u0000cart' },
        priority: 'HI\u0000GH',
      }),
    ).replace('"customData":{', `"customData":{"deep":${deep},`);
    const sent = await postReport(text, { session });
    expect(sent.statusCode).toBe(201);
    const row = await server.database.db
      .selectFrom('feedback_reports')
      .select(['description', 'reported_by', 'page_url', 'priority', sql<string>`body::text`.as('text')])
      .where('id', '=', sent.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      description: 'Pay fails',
      reported_by: 'a@example.com',
      page_url: 'https://shop.example/cart',
      priority: 'HIGH',
      text,
    });
  });

  test('a report with a 200 KB replay is accepted whole', async () => {
    const session = await newSession();
    const events = Array.from({ length: 200 }, (_, i) => ({
      type: 3,
      timestamp: 1772359200000 + i,
      data: { source: 1, text: 'r'.repeat(1000) },
    }));
    const text = JSON.stringify(gleapReport({ webReplay: { type: 'rrweb', startDate: 1772359200000, events } }));
    const sent = await postReport(text, { session });
    expect(sent.statusCode).toBe(201);
    const row = await server.database.db
      .selectFrom('feedback_reports')
      .select(sql<number>`json_array_length(body->'webReplay'->'events')`.as('events'))
      .where('id', '=', sent.json().id)
      .executeTakeFirstOrThrow();
    expect(row.events).toBe(200);
  });

  test('a flood from one session: its 11th report in a minute is 429 with Retry-After; another session is not slowed', async () => {
    const noisy = await newSession();
    const quiet = await newSession();
    for (let i = 0; i < 10; i += 1) {
      expect((await postReport(JSON.stringify(gleapReport()), { session: noisy })).statusCode).toBe(201);
    }
    const refused = await postReport(JSON.stringify(gleapReport()), {
      session: noisy,
      headers: { origin: 'https://shop.example' },
    });
    expectWidgetContract('post', '/bugs/v2', refused);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(String(refused.headers['access-control-expose-headers'])).toContain('Retry-After');
    expect(await reportCount({ sessionId: noisy.gleapId })).toBe(10);
    // Refused on its headers, before its body is read: neither a malformed body nor one over the size limit is
    // looked at (no 400, no 413), so a flood of megabytes costs no parsing.
    expect((await postReport('{"type":', { session: noisy })).statusCode).toBe(429);
    const huge = JSON.stringify(gleapReport({ webReplay: { events: ['x'.repeat(17 * 1024 * 1024)] } }));
    expect((await postReport(huge, { session: noisy })).statusCode).toBe(429);
    // So is an unknown key's.
    expect((await postReport('{"type":', { key: 'no-such-key' })).statusCode).toBe(401);
    expect(await reportCount({ sessionId: noisy.gleapId })).toBe(10);
    expect((await postReport(JSON.stringify(gleapReport()), { session: quiet })).statusCode).toBe(201);
  });
});

/** A multipart body as a browser sends it: the platform's FormData, encoded by the platform's Request. */
async function multipart(parts: Record<string, Blob | string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, name === 'file' ? 'screen-recording.webm' : 'x');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') as string };
}

function postUpload(body: Buffer, type: string, options: { key?: string; session?: Session } = {}) {
  const headers: Record<string, string> = { 'content-type': type, 'api-token': options.key ?? KEY };
  if (options.session) {
    headers['gleap-id'] = options.session.gleapId;
    headers['gleap-hash'] = options.session.gleapHash;
  }
  return server.call({ method: 'POST', url: `${W}/uploads/sdk`, headers, payload: body });
}

describe('POST /uploads/sdk', () => {
  test('a file is kept under DATA_DIR and its fileUrl serves it back', async () => {
    const session = await newSession();
    const bytes = Buffer.from('\x1aE\xdf\xa3 a webm recording', 'latin1');
    const { body, type } = await multipart({ file: new Blob([bytes], { type: 'video/webm' }) });
    const uploaded = await postUpload(body, type, { session });
    expectWidgetContract('post', '/uploads/sdk', uploaded);
    expect(uploaded.statusCode).toBe(200);
    const { fileUrl } = uploaded.json() as { fileUrl: string };
    expect(fileUrl).toMatch(/^http:\/\/localhost(:\d+)?\/widget-api\/uploads\/upl-[\w-]+$/);
    const id = fileUrl.split('/').pop() as string;
    const row = await server.database.db
      .selectFrom('widget_uploads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: 'platform',
      session_id: session.gleapId,
      file_name: 'screen-recording.webm',
      type: 'video/webm',
      size: bytes.length,
    });
    expect(await readFile(join(server.uploadDir, 'uploads', 'widget', row.file))).toEqual(bytes);
    const served = await server.call({ method: 'GET', url: new URL(fileUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload).toEqual(bytes);
    expect((await server.call({ method: 'GET', url: `${W}/uploads/upl-nothing` })).statusCode).toBe(404);
  });

  test('no file, a malformed form, an unknown key: 400, 400, 401; over 20 MB 413; nothing kept', async () => {
    const before = { rows: await uploadCount(), files: (await widgetFiles()).length };
    const noFile = await multipart({ note: 'hello' });
    const missing = await postUpload(noFile.body, noFile.type);
    expectWidgetContract('post', '/uploads/sdk', missing);
    expect(missing.statusCode).toBe(400);
    const malformed = await postUpload(Buffer.from('--x\r\nnot a part'), 'multipart/form-data; boundary=x');
    expect(malformed.statusCode).toBe(400);
    const small = await multipart({ file: new Blob(['data'], { type: 'image/png' }) });
    expect((await postUpload(small.body, small.type, { key: 'revoked-widget-key' })).statusCode).toBe(401);
    const big = await multipart({ file: new Blob([Buffer.alloc(21 * 1024 * 1024, 7)], { type: 'video/webm' }) });
    const tooLarge = await postUpload(big.body, big.type);
    expectWidgetContract('post', '/uploads/sdk', tooLarge);
    expect(tooLarge.statusCode).toBe(413);
    expect({ rows: await uploadCount(), files: (await widgetFiles()).length }).toEqual(before);
  });
});

describe('the log', () => {
  test('report bodies never reach the log, accepted or refused', async () => {
    const lines: string[] = [];
    const deps = createServiceDeps(server.database.db, { dataDir: server.uploadDir });
    const logged = await createApp(
      { config: server.config, database: server.database, deps, broker: { isUp: () => true } },
      { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    );
    try {
      const marker = 'SECRET-REPORT-TEXT-4711';
      const report = gleapReport({ formData: { description: marker }, consoleLog: [{ log: marker }] });
      const headers = { ...json, 'api-token': KEY };
      const ok = await logged.inject({ method: 'POST', url: `${W}/bugs/v2`, headers, payload: JSON.stringify(report) });
      expect(ok.statusCode).toBe(201);
      const bad = await logged.inject({ method: 'POST', url: `${W}/bugs/v2`, headers, payload: `{"type": "${marker}` });
      expect(bad.statusCode).toBe(400);
      const invalid = await logged.inject({
        method: 'POST',
        url: `${W}/bugs/v2`,
        headers,
        payload: JSON.stringify({ ...report, type: 7 }),
      });
      expect(invalid.statusCode).toBe(400);
      expect(lines.length).toBeGreaterThan(3);
      expect(lines.join('\n')).not.toContain(marker);
    } finally {
      await logged.close();
    }
  });
});
