import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoFeedbackReports } from '../../src/db/seed-source';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

/** The feedback inbox (issue 38 item 3, decision 0116): `GET /feedback-reports` and `GET /feedback-reports/{id}`. */
let server: TestServer;
/** The OEM admin's organisation, and the report its page sent through the widget API. */
let oemId: string;
let oemReportId: string;

const OEM_KEY = 'inbox-oem-widget-key';

function widget(path: string, key: string, payload: unknown, session?: { gleapId: string; gleapHash: string }) {
  return server.call({
    method: 'POST',
    url: `/widget-api${path}`,
    headers: {
      'content-type': 'application/json',
      'api-token': key,
      ...(session ? { 'gleap-id': session.gleapId, 'gleap-hash': session.gleapHash } : {}),
    },
    payload: JSON.stringify(payload),
  });
}

beforeAll(async () => {
  server = await createTestServer();
  const oema = await server.database.db
    .selectFrom('users')
    .select('oem_id')
    .where('id', '=', 'usr-oema')
    .executeTakeFirstOrThrow();
  oemId = oema.oem_id as string;
  await server.database.db
    .insertInto('sdk_keys')
    .values({
      id: 'sdk-inbox-oem',
      tenant_id: oemId,
      key: OEM_KEY,
      name: 'OEM site',
      created_at: '2026-01-01T00:00:00Z',
    })
    .execute();
  // The OEM's page: a session, identified, then a report through the widget API as the widget sends it.
  const session = (await widget('/sessions', OEM_KEY, { lang: 'en-us' })).json();
  expect(
    (
      await widget(
        '/sessions/identify',
        OEM_KEY,
        { name: 'Asha Rao', email: 'asha@oem.example', userId: 'u-7' },
        session,
      )
    ).statusCode,
  ).toBe(200);
  const ping = (events: unknown[]) =>
    widget(
      '/sessions/ping',
      OEM_KEY,
      { time: 1, events, opened: false, type: 'js', sdkVersion: '14.2.11', ws: true },
      session,
    );
  const view = (page: string, date: string) => ({ name: 'pageView', date, data: { page } });
  expect(
    (
      await ping([
        { name: 'sessionStarted', date: '2026-03-01T09:59:00Z' },
        view('https://oem.example/', '2026-03-01T09:59:10Z'),
        view('https://oem.example/map', '2026-03-01T09:59:40Z'),
      ])
    ).statusCode,
  ).toBe(200);
  const sent = await widget(
    '/bugs/v2',
    OEM_KEY,
    {
      type: 'FEATURE_REQUEST',
      priority: 'LOW',
      formData: { description: 'A dark map theme for night shifts' },
      metaData: { currentUrl: 'https://oem.example/map' },
      consoleLog: ['a bare string', { log: { nested: true }, priority: 'ERROR', date: '2026-03-01T10:00:00Z' }],
      networkLogs: [
        { type: 'POST', url: 'https://oem.example/api/x', success: true, duration: 12.5, response: { status: 201 } },
      ],
      customEventLog: [{ name: 'themeToggled', date: '2026-03-01T10:00:01Z', data: { to: 'dark' } }],
      tags: ['map', 7],
      webReplay: { startDate: 'not a number', events: [{ type: 4 }, { type: 3 }], width: 800 },
    },
    session,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  oemReportId = sent.json().id;
  // A page the visitor opens after sending the report is not one of its page views.
  expect((await ping([view('https://oem.example/after', '2026-03-01T10:05:00Z')])).statusCode).toBe(200);
});
afterAll(() => server?.close());

const list = async (role: string, query = '') => {
  const response = await server.call({
    method: 'GET',
    url: `/api/feedback-reports${query}`,
    token: await server.tokenOf(role),
  });
  expectContract('get', '/feedback-reports', response);
  return response;
};
const get = async (role: string, id: string) => {
  const response = await server.call({
    method: 'GET',
    url: `/api/feedback-reports/${id}`,
    token: await server.tokenOf(role),
  });
  expectContract('get', '/feedback-reports/{id}', response);
  return response;
};
type Summary = { id: string; type: string; createdAt: string; status: string; sdkKeyName: string };

describe('the list', () => {
  test('platform staff see the demo world’s reports of the platform’s key, newest first', async () => {
    const seeded = demoFeedbackReports(0);
    const response = await list('SA');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: seeded.length, page: 1, pageSize: 25 });
    const times = page.items.map((r: Summary) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items.map((r: Summary) => r.id).sort()).toEqual(seeded.map((r) => r.id).sort());
    expect(page.items.every((r: Summary) => r.sdkKeyName === 'Voltline portal' && r.status === 'OPEN')).toBe(true);
    expect(page.items.map((r: Summary) => r.id)).not.toContain(oemReportId);
  });

  test('search, type, status, key and date range filter in SQL; pages and sorts', async () => {
    expect((await list('SA', '?q=GEOFENCE%20editor')).json().items.map((r: Summary) => r.id)).toEqual(['rpt-demo-004']);
    expect((await list('SA', '?q=fa@voltline')).json().total).toBe(1);
    expect((await list('SA', '?q=100%25')).json().total).toBe(0);
    const bugs = (await list('SA', '?filter[type]=BUG&sort=createdAt:asc')).json();
    expect(bugs.items.map((r: Summary) => r.id)).toEqual(['rpt-demo-001', 'rpt-demo-004']);
    expect((await list('SA', '?filter[type]=BUG,CRASH')).json().total).toBe(3);
    expect((await list('SA', '?filter[status]=DONE')).json().total).toBe(0);
    expect((await list('SA', '?filter[sdkKey]=sdk-demo')).json().total).toBe(5);
    expect((await list('SA', '?filter[sdkKey]=sdk-inbox-oem')).json().total).toBe(0);
    const all = (await list('SA', '?sort=createdAt:asc')).json().items as Summary[];
    const from = all[1]!.createdAt;
    const to = all[3]!.createdAt;
    const ranged = (await list('SA', `?from=${from}&to=${to}&sort=createdAt:asc`)).json();
    expect(ranged.items.map((r: Summary) => r.id)).toEqual(all.slice(1, 4).map((r) => r.id));
    const second = (await list('SA', '?pageSize=2&page=2&sort=createdAt:asc')).json();
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((r: Summary) => r.id)).toEqual(all.slice(2, 4).map((r) => r.id));
    const byType = (await list('SA', '?sort=type:asc,createdAt:desc')).json().items.map((r: Summary) => r.type);
    expect(byType).toEqual(['BUG', 'BUG', 'CRASH', 'FEATURE_REQUEST', 'RATING']);
  });

  test('an OEM sees its own organisation’s reports only', async () => {
    const page = (await list('OEMA')).json();
    expect(page.items.map((r: Summary) => r.id)).toEqual([oemReportId]);
    expect(page.items[0]).toMatchObject({
      type: 'FEATURE_REQUEST',
      description: 'A dark map theme for night shifts',
      reportedBy: 'asha@oem.example',
      pageUrl: 'https://oem.example/map',
      sdkKeyId: 'sdk-inbox-oem',
    });
  });

  test('bad parameters are 400 invalid_query', async () => {
    for (const query of [
      '?sort=body:asc',
      '?filter[status]=CLOSED',
      '?filter[body]=x',
      '?pageSize=0',
      '?from=yesterday',
    ]) {
      const response = await list('SA', query);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await list('SA', '?filter[status]=CLOSED')).json().code).toBe('invalid_query');
  });

  test('without the key it is 403', async () => {
    for (const role of ['DA', 'FA', 'BMSA']) expect((await list(role)).statusCode, role).toBe(403);
  });
});

describe('one report', () => {
  test('read from its body as received: logs, snapshot, replay reference, custom data and metadata', async () => {
    const response = await get('SA', 'rpt-demo-001');
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      id: 'rpt-demo-001',
      type: 'BUG',
      priority: 'HIGH',
      reportedBy: 'fa@voltline.demo',
      reporter: { name: null, email: null, userId: null },
      customData: { fleetId: 'flt-001', plan: 'Fleet Pro' },
      metaData: { browserName: 'Chrome', sdkVersion: '14.2.11' },
      replay: { eventCount: 42, width: 1280, height: 800 },
      screenRecordingUrl: null,
    });
    expect(report.consoleLogs.map((l: { priority: string }) => l.priority)).toEqual(['INFO', 'WARNING', 'ERROR']);
    expect(report.networkLogs[1]).toMatchObject({ method: 'GET', status: 504, duration: 4210, success: false });
    expect(report.screenshot.html).toContain('<header>Voltline · Vehicle Management</header>');
    expect(report.bodyBytes).toBeGreaterThan(1000);
    expect(report.pageViews).toEqual([]);
    expect(report.replay.startDate).toEqual(expect.any(String));
  });

  test('a body of other shapes is read for what it is; the reporter is the session’s contact', async () => {
    const report = (await get('OEMA', oemReportId)).json();
    expect(report.reporter).toEqual({ name: 'Asha Rao', email: 'asha@oem.example', userId: 'u-7' });
    expect(report.consoleLogs).toEqual([
      { date: null, priority: 'INFO', log: 'a bare string' },
      { date: '2026-03-01T10:00:00Z', priority: 'ERROR', log: '{"nested":true}' },
    ]);
    expect(report.networkLogs).toEqual([
      { date: null, method: 'POST', url: 'https://oem.example/api/x', status: 201, duration: 12.5, success: true },
    ]);
    expect(report.customEvents).toEqual([{ name: 'themeToggled', date: '2026-03-01T10:00:01Z', data: { to: 'dark' } }]);
    expect(report.tags).toEqual(['map']);
    expect(report.pageViews).toEqual([
      { page: 'https://oem.example/', date: '2026-03-01T09:59:10.000Z' },
      { page: 'https://oem.example/map', date: '2026-03-01T09:59:40.000Z' },
    ]);
    expect(report.screenshot).toBeNull();
    expect(report.replay).toEqual({ eventCount: 2, startDate: null, width: 800, height: null });
  });

  test('another organisation’s report, or none, is 404; without the key 403', async () => {
    expect((await get('SA', oemReportId)).statusCode).toBe(404);
    expect((await get('OEMA', 'rpt-demo-001')).statusCode).toBe(404);
    expect((await get('SA', 'rpt-none')).statusCode).toBe(404);
    expect((await get('DA', 'rpt-demo-001')).statusCode).toBe(403);
  });

  test('the replay: its events as received for the player; none, or another organisation’s, is 404', async () => {
    const replay = async (role: string, id: string) => {
      const response = await server.call({
        method: 'GET',
        url: `/api/feedback-reports/${id}/replay`,
        token: await server.tokenOf(role),
      });
      expectContract('get', '/feedback-reports/{id}/replay', response);
      return response;
    };
    const demo = (await replay('SA', 'rpt-demo-001')).json();
    expect(demo.events).toHaveLength(42);
    expect(demo.events.slice(0, 2).map((e: { type: number }) => e.type)).toEqual([4, 2]);
    expect(demo).toMatchObject({ width: 1280, height: 800, startDate: expect.any(String) });
    const oem = (await replay('OEMA', oemReportId)).json();
    expect(oem).toEqual({ startDate: null, width: 800, height: null, events: [{ type: 4 }, { type: 3 }] });
    expect((await replay('SA', 'rpt-demo-002')).statusCode).toBe(404);
    expect((await replay('SA', oemReportId)).statusCode).toBe(404);
    expect((await replay('DA', 'rpt-demo-001')).statusCode).toBe(403);
  });
});
