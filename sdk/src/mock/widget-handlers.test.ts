import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createWidgetMock } from './widget-handlers';
import { DEMO_ENGAGEMENT } from './engagement-demo';
import { createWidgetMockStore, failNext } from './widget-store';

const API = 'https://api.mock.test';
const mock = createWidgetMock({ apiUrl: API, wsUrl: 'wss://ws.mock.test' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Api-Token': 'k', ...headers },
    body: JSON.stringify(body),
  });

test('a new visitor gets a session with gleapId and gleapHash (201), a known one gets it back (200)', async () => {
  const first = await post('/sessions', { lang: 'en' });
  expect(first.status).toBe(201);
  const s = await first.json();
  expect(s).toMatchObject({ gleapId: expect.any(String), gleapHash: expect.any(String), lang: 'en' });
  const again = await post('/sessions', { lang: 'en' }, { 'Gleap-Id': s.gleapId, 'Gleap-Hash': s.gleapHash });
  expect(again.status).toBe(200);
  expect((await again.json()).gleapId).toBe(s.gleapId);
});

test('a request without Api-Token is refused', async () => {
  const res = await fetch(`${API}/sessions`, { method: 'POST', body: '{}' });
  expect(res.status).toBe(401);
});

test('identify keeps known fields and folds the rest into customData', async () => {
  const s = await (await post('/sessions', {})).json();
  const h = { 'Gleap-Id': s.gleapId, 'Gleap-Hash': s.gleapHash };
  const res = await post(
    '/sessions/identify',
    { userId: 'u1', name: 'Ada', plan: 'pro', team: 'core', userHash: 'x' },
    h,
  );
  expect(await res.json()).toMatchObject({ userId: 'u1', name: 'Ada', plan: 'pro', customData: { team: 'core' } });
});

test('reports are stored and failures can be scripted', async () => {
  failNext(mock.store, 'POST /bugs/v2', 503);
  expect((await post('/bugs/v2', { type: 'BUG' })).status).toBe(503);
  const ok = await post('/bugs/v2', { type: 'BUG', formData: { description: 'd' } });
  expect(ok.status).toBe(201);
  expect(mock.store.reports.at(-1)).toMatchObject({ type: 'BUG', formData: { description: 'd' } });
});

test('a scripted 429 says when to retry, readable from another origin', async () => {
  failNext(mock.store, 'POST /bugs/v2', 429, 1, { retryAfter: 3 });
  const res = await post('/bugs/v2', { type: 'BUG' });
  expect(res.status).toBe(429);
  expect(res.headers.get('Retry-After')).toBe('3');
  expect(res.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After');
});

test('config and tooltips answer per SDK key with a fallback', async () => {
  mock.store.configs.set('k2', { flowConfig: { color: '#123' } });
  expect(await (await fetch(`${API}/config/k2?lang=en`, { headers: { 'Api-Token': 'k2' } })).json()).toEqual({
    flowConfig: { color: '#123' },
  });
  expect((await (await fetch(`${API}/config/other?lang=en`)).json()).flowConfig.color).toBe('#485BFF');
  expect(await (await fetch(`${API}/config/k2/tooltips`)).json()).toEqual([]);
});

test('product tour validation reports the tour status', async () => {
  mock.store.tours.set('t1', { status: 'live', config: { steps: [] } });
  expect(await (await post('/outbound/producttourvalidation', { outboundId: 't1' })).json()).toEqual({
    status: 'live',
    config: { steps: [] },
  });
  expect(await (await post('/outbound/producttourvalidation', { outboundId: 'nope' })).json()).toEqual({
    status: 'draft',
  });
});

test('a seeded store holds its tours, served on both outbound calls; the demo tours are live', async () => {
  const store = createWidgetMockStore({ tours: DEMO_ENGAGEMENT.tours });
  expect([...store.tours.keys()]).toEqual(['demo-tour', 'demo-cobrowse']);
  mock.store.tours.set('demo-tour', store.tours.get('demo-tour')!);
  // `{ config }`, as the spec's table (§7) and gleap@14.2.11 read it
  const answer = await (await post('/outbound/producttours', { outboundId: 'demo-tour' })).json();
  expect(Object.keys(answer)).toEqual(['config']);
  const { config } = answer;
  expect(config.steps.length).toBeGreaterThan(1);
  expect(await (await post('/outbound/producttourvalidation', { outboundId: 'demo-tour' })).json()).toEqual({
    status: 'live',
    config,
  });
  mock.store.tours.set('demo-cobrowse', store.tours.get('demo-cobrowse')!);
  const { config: cobrowse } = await (await post('/outbound/producttours', { outboundId: 'demo-cobrowse' })).json();
  expect(cobrowse.tourType).toBe('cobrowse');
  expect((await (await post('/outbound/producttourvalidation', { outboundId: 'demo-cobrowse' })).json()).status).toBe(
    'live',
  );
});

test('the socket records PING and delivers pushed updates', async () => {
  const socket = new WebSocket('wss://ws.mock.test?gleapId=g&gleapHash=h&apiKey=k&sdkVersion=14.2.11');
  const received: string[] = [];
  socket.addEventListener('message', (e) => received.push(String(e.data)));
  await new Promise((r) => socket.addEventListener('open', r));
  socket.send('PING');
  // waited for, not slept on: a fixed 20 ms failed when the machine was busy
  await vi.waitFor(() => expect(mock.store.socketMessages).toContain('PING'), { timeout: 4_000 });
  mock.pushUpdate({ u: 5 });
  await vi.waitFor(
    () => expect(received.map((d) => JSON.parse(d))).toContainEqual({ name: 'update', data: { u: 5 } }),
    { timeout: 4_000 },
  );
  socket.close();
});

test('outbound actions reach each session once when its socket connects; pushAction sends one now', async () => {
  mock.store.actions.push({ actionType: 'notification', outbound: 'o-1', data: { text: 'Hi' } });
  const open = (id: string) => {
    const socket = new WebSocket(`wss://ws.mock.test?gleapId=${id}&gleapHash=h&apiKey=k&sdkVersion=14.2.11`);
    const received: { name: string; data: { a?: { outbound?: string; createdAt?: string }[] } }[] = [];
    socket.addEventListener('message', (e) => received.push(JSON.parse(String(e.data))));
    return { socket, received, opened: new Promise((r) => socket.addEventListener('open', r)) };
  };
  const first = open('g-1');
  await first.opened;
  await new Promise((r) => setTimeout(r, 20));
  expect(first.received).toHaveLength(1);
  expect(first.received[0]!.data.a![0]).toMatchObject({ actionType: 'notification', outbound: 'o-1' });
  expect(first.received[0]!.data.a![0]!.createdAt).toEqual(expect.any(String));
  first.socket.close();
  // the same session again: already delivered; another session gets it
  const again = open('g-1');
  const other = open('g-2');
  await Promise.all([again.opened, other.opened]);
  await new Promise((r) => setTimeout(r, 20));
  expect(again.received).toHaveLength(0);
  expect(other.received).toHaveLength(1);
  mock.pushAction({ actionType: 'banner', outbound: 'b-1', format: 'floating' });
  await new Promise((r) => setTimeout(r, 20));
  expect(other.received[1]!.data.a![0]).toMatchObject({ actionType: 'banner', outbound: 'b-1', format: 'floating' });
  again.socket.close();
  other.socket.close();
  mock.store.actions.length = 0;
});

test('the demo engagement set serves tooltips over HTTP', async () => {
  const { DEMO_ENGAGEMENT } = await import('./engagement-demo');
  const { createWidgetMockStore } = await import('./widget-store');
  const demo = createWidgetMock({ apiUrl: 'https://api.demo.test', store: createWidgetMockStore(DEMO_ENGAGEMENT) });
  const res = await demo.respond(
    new Request('https://api.demo.test/config/k/tooltips', { headers: { 'Api-Token': 'k' } }),
  );
  const list = await res!.json();
  expect(list.map((t: { mode: string }) => t.mode)).toEqual(['hotspot', 'tooltip']);
  expect(demo.store.actions.map((a) => a.actionType)).toEqual(['notification', 'notification']);
});
