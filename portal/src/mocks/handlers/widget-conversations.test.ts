import { VISITOR_REOPENED } from '@services/feedback/conversations';
import { createWidgetMock, createWidgetMockStore, DEMO_ENGAGEMENT } from '@voltline/widget/mock';
import { getResponse } from 'msw';
import { expect, test } from 'vitest';
import { TICKET_STATUS } from '@/domain/enums';
import { attachDemoWidget } from '../adapter/demo-widget';
import { widgetApiDeps } from '../adapter/widget-api-deps';
import { call as fleetApi, signIn } from '../test/api-test-client';
import { DEMO_SDK_KEY, DEMO_SDK_KEY_ID } from '../world/feedback-reports';
import { demoWidgetEngagement } from '../world/widget-engagement';
import { getWorldDb } from '../world/world-instance';
import { createWidgetApiHandlers } from './widget-conversations';

/** The demo page widget's reports and conversations answered by the server's services (decisions 0128, 0136). */
const API = 'https://demo.test/widget-api';

/** A world with its page widget attached (the world is new in every test: the setup resets it after each). */
async function setup() {
  const db = await getWorldDb();
  const pushed: { a?: unknown[]; u?: number }[] = [];
  const widget = createWidgetMock({ apiUrl: API, store: createWidgetMockStore() });
  attachDemoWidget(db, { store: widget.store, pushUpdate: (u) => pushed.push(u) });
  const handlers = createWidgetApiHandlers(API, widgetApiDeps(db));
  return { db, widget, handlers, pushed };
}

type Handlers = Awaited<ReturnType<typeof setup>>['handlers'];

async function call(handlers: Handlers, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await getResponse(
    handlers,
    new Request(`${API}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  if (!response) throw new Error(`no handler for ${method} ${path}`);
  return response;
}

/** A visitor's session, made by the widget mock's own session call (the demo keeps sessions there). */
async function session(widget: Awaited<ReturnType<typeof setup>>['widget'], contact: Record<string, unknown> = {}) {
  const answer = await widget.respond(
    new Request(`${API}/sessions`, {
      method: 'POST',
      headers: { 'api-token': DEMO_SDK_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en' }),
    }),
  );
  const s = (await answer?.json()) as { gleapId: string; gleapHash: string };
  Object.assign(widget.store.sessions.get(s.gleapId) ?? {}, contact);
  return { 'api-token': DEMO_SDK_KEY, 'gleap-id': s.gleapId, 'gleap-hash': s.gleapHash };
}

test("a visitor's conversation is theirs: started, answered, listed and read through the services", async () => {
  const { widget, handlers, pushed } = await setup();
  const me = await session(widget);
  const other = await session(widget);
  const started = await call(handlers, 'POST', '/conversations', me, { text: 'Can I export trips?' });
  expect(started.status).toBe(201);
  const { shareToken } = (await started.json()) as { shareToken: string };
  const sent = await call(handlers, 'POST', `/conversations/${shareToken}/messages`, me, { text: 'As CSV' });
  expect(sent.status).toBe(201);
  // The service's rule: another session's conversation is 404.
  expect((await call(handlers, 'GET', `/conversations/${shareToken}`, other)).status).toBe(404);
  const mine = (await (await call(handlers, 'GET', '/conversations', me)).json()) as {
    conversations: { shareToken: string }[];
  };
  expect(mine.conversations.map((c) => c.shareToken)).toContain(shareToken);
  const theirs = (await (await call(handlers, 'GET', '/conversations', other)).json()) as {
    conversations: { shareToken: string }[];
  };
  expect(theirs.conversations.map((c) => c.shareToken)).not.toContain(shareToken);
  // The team answers (the mock's own reply); reading it makes the services push the session's new unread count.
  widget.reply(shareToken, 'Yes, as CSV');
  expect((await call(handlers, 'POST', `/conversations/${shareToken}/read`, me)).status).toBe(204);
  expect(pushed).toEqual([{ u: expect.any(Number) }]);
  expect(widget.store.conversations.find((c) => c.shareToken === shareToken)?.unreadCount).toBe(0);
  // Read again: nothing changed, nothing pushed.
  expect((await call(handlers, 'POST', `/conversations/${shareToken}/read`, me)).status).toBe(204);
  expect(pushed).toHaveLength(1);
});

test("the widget's config is the key's as Settings edits it (colour, position, replays, network logs, language)", async () => {
  const { handlers } = await setup();
  const config = async (key: string) => call(handlers, 'GET', `/config/${key}?lang=en-us`, {});
  const before = (await (await config(DEMO_SDK_KEY)).json()) as { flowConfig: Record<string, unknown> };
  expect(before.flowConfig).toMatchObject({ enableWebReplays: true, enableNetworkLogs: true });
  const sa = await signIn('SA');
  const keys = (await fleetApi<{ id: string; key: string }[]>('GET', '/sdk-keys', { token: sa })).body;
  const demo = keys.find((k) => k.key === DEMO_SDK_KEY);
  if (!demo) throw new Error('The demo key is not in Settings.');
  const edited = await fleetApi('PATCH', `/sdk-keys/${demo.id}`, {
    token: sa,
    body: { config: { color: '#12AB34', position: 'BOTTOM_LEFT', networkLogs: false, language: 'ar' } },
  });
  expect(edited.status).toBe(200);
  const after = await config(DEMO_SDK_KEY);
  expect(after.status).toBe(200);
  expect(((await after.json()) as { flowConfig: Record<string, unknown> }).flowConfig).toMatchObject({
    color: '#12AB34',
    feedbackButtonPosition: 'BOTTOM_LEFT',
    enableWebReplays: true,
    enableNetworkLogs: false,
    localizationOptions: { language: 'ar', rtl: true },
  });
  // An unknown key is 401, as on the server; a revoked one too.
  expect((await config('nobody')).status).toBe(401);
  expect((await fleetApi('POST', `/sdk-keys/${demo.id}/revoke`, { token: sa })).status).toBe(200);
  expect((await config(DEMO_SDK_KEY)).status).toBe(401);
});

test("the demo key's tooltips and tours come through the services: found, validated, another key's not found", async () => {
  const { db, handlers } = await setup();
  const key = { 'api-token': DEMO_SDK_KEY };
  const seeded = demoWidgetEngagement().find((e) => e.sdkKeyId === DEMO_SDK_KEY_ID);
  const tooltips = await call(handlers, 'GET', `/config/${DEMO_SDK_KEY}/tooltips`, key);
  expect(tooltips.status).toBe(200);
  expect(await tooltips.json()).toEqual(seeded?.tooltips);
  const tour = await call(handlers, 'POST', '/outbound/producttours', key, { outboundId: 'demo-tour' });
  expect(tour.status).toBe(200);
  expect(((await tour.json()) as { config: { steps: unknown[] } }).config.steps).toHaveLength(3);
  const valid = await call(handlers, 'POST', '/outbound/producttourvalidation', key, { outboundId: 'demo-cobrowse' });
  expect(await valid.json()).toMatchObject({ status: 'live', config: { tourType: 'cobrowse' } });
  expect((await call(handlers, 'POST', '/outbound/producttours', key, { outboundId: 'nope' })).status).toBe(404);
  expect(
    await (await call(handlers, 'POST', '/outbound/producttourvalidation', key, { outboundId: 'nope' })).json(),
  ).toEqual({ status: 'draft' });
  // Another key of the world (another organisation's) has none of the demo key's tours or tooltips.
  db.tables.sdkKeys.insert({
    id: 'sdk-oem',
    tenantId: 'oem-01',
    key: 'oem-key',
    name: 'OEM site',
    config: null,
    createdAt: 0,
    revokedAt: null,
  });
  const oem = { 'api-token': 'oem-key' };
  expect((await call(handlers, 'POST', '/outbound/producttours', oem, { outboundId: 'demo-tour' })).status).toBe(404);
  expect(await (await call(handlers, 'GET', '/config/oem-key/tooltips', oem)).json()).toEqual([]);
  // Bad bodies are 400 as on the server; an unknown key 401.
  expect((await call(handlers, 'POST', '/outbound/producttours', key, { outboundId: '' })).status).toBe(400);
  expect((await call(handlers, 'POST', '/outbound/producttourvalidation', key, ['demo-tour'])).status).toBe(400);
  expect(
    (await call(handlers, 'POST', '/outbound/producttours', { 'api-token': 'nobody' }, { outboundId: 'demo-tour' }))
      .status,
  ).toBe(401);
  expect((await call(handlers, 'GET', '/config/nobody/tooltips', { 'api-token': 'nobody' })).status).toBe(401);
});

test("the world's tours are the widget mock's ready-made DEMO_ENGAGEMENT tours (one story for the demo and integrators)", () => {
  const tours = Object.fromEntries(
    (demoWidgetEngagement()[0]?.tours ?? []).map((t) => [t.outboundId, { status: t.status, config: t.config }]),
  );
  expect(tours).toEqual(DEMO_ENGAGEMENT.tours);
});

test('a conversation started without a report is listed for operators, read and answered; the visitor hears it', async () => {
  const { widget, handlers, pushed } = await setup();
  const me = await session(widget, { name: 'Asha Rao', email: 'asha@example.com' });
  const started = await call(handlers, 'POST', '/conversations', me, { text: 'Can I export my trips?' });
  const { shareToken } = (await started.json()) as { shareToken: string };
  const report = (await (
    await call(handlers, 'POST', '/bugs/v2', me, { type: 'BUG', clientId: 'c-1', formData: { description: 'x' } })
  ).json()) as { shareToken: string };
  const sa = await signIn('SA');
  type Listed = { items: { shareToken: string; visitor: unknown; awaitingReply: boolean }[]; total: number };
  const listed = await fleetApi<Listed>('GET', '/feedback-conversations?pageSize=100', { token: sa });
  expect(listed.status).toBe(200);
  const tokens = listed.body.items.map((c) => c.shareToken);
  expect(tokens).toContain(shareToken);
  expect(tokens).not.toContain(report.shareToken);
  expect(listed.body.items.find((c) => c.shareToken === shareToken)).toMatchObject({
    visitor: { name: 'Asha Rao', email: 'asha@example.com' },
    awaitingReply: true,
  });
  // Newest first: the one just started leads.
  expect(tokens[0]).toBe(shareToken);
  const read = await fleetApi<{ messages: { text: string }[] }>('GET', `/feedback-conversations/${shareToken}`, {
    token: sa,
  });
  expect(read.body.messages.map((m) => m.text)).toEqual(['Can I export my trips?']);
  const answered = await fleetApi('POST', `/feedback-conversations/${shareToken}/messages`, {
    token: sa,
    body: { text: 'Yes, as CSV' },
  });
  expect(answered.status).toBe(201);
  expect(pushed.at(-1)).toMatchObject({ a: [{ data: { text: 'Yes, as CSV', conversation: { shareToken } } }] });
  const mine = (await (await call(handlers, 'GET', `/conversations/${shareToken}`, me)).json()) as {
    messages: { author: { type: string }; text: string }[];
  };
  expect(mine.messages.at(-1)).toMatchObject({ author: { type: 'agent' }, text: 'Yes, as CSV' });
  // A report's conversation is answered on its report: 404 here; bad input 400; another role without `fb` 403.
  expect((await fleetApi('GET', `/feedback-conversations/${report.shareToken}`, { token: sa })).status).toBe(404);
  expect(
    (await fleetApi('POST', `/feedback-conversations/${shareToken}/messages`, { token: sa, body: { text: ' ' } }))
      .status,
  ).toBe(400);
  expect((await fleetApi('GET', '/feedback-conversations', { token: await signIn('DA') })).status).toBe(403);
  // The refused reply stored nothing.
  const after = (await (await call(handlers, 'GET', `/conversations/${shareToken}`, me)).json()) as {
    messages: unknown[];
  };
  expect(after.messages).toHaveLength(2);
});

test('bad input is 400 and an unknown key 401, as on the server', async () => {
  const { widget, handlers } = await setup();
  const me = await session(widget);
  const { shareToken } = (await (await call(handlers, 'POST', '/conversations', me, { text: 'Hello' })).json()) as {
    shareToken: string;
  };
  const before = widget.store.conversations.find((c) => c.shareToken === shareToken)?.messages.length;
  const blank = await call(handlers, 'POST', `/conversations/${shareToken}/messages`, me, { text: '   ' });
  expect(blank.status).toBe(400);
  const unknown = await call(handlers, 'GET', '/conversations', { ...me, 'api-token': 'nobody' });
  expect(unknown.status).toBe(401);
  expect(widget.store.conversations.find((c) => c.shareToken === shareToken)?.messages.length).toBe(before);
  // A report: an unknown key is 401 and a body that is no report 400, with nothing stored in the inbox.
  const sa = await signIn('SA');
  const total = (await fleetApi('GET', '/feedback-reports', { token: sa })).body.total as number;
  expect((await call(handlers, 'POST', '/bugs/v2', { ...me, 'api-token': 'nobody' }, { type: 'BUG' })).status).toBe(
    401,
  );
  expect((await call(handlers, 'POST', '/bugs/v2', me, { type: '' })).status).toBe(400);
  expect((await call(handlers, 'POST', '/bugs/v2', me, [1])).status).toBe(400);
  expect((await fleetApi('GET', '/feedback-reports', { token: sa })).body.total).toBe(total);
});

test("a report lands in the inbox once, its ticket's reply reaches the visitor, and the visitor's answer the ticket", async () => {
  const { widget, handlers, pushed } = await setup();
  const me = await session(widget, { name: 'Asha Rao', email: 'asha@example.com' });
  const report = { type: 'BUG', clientId: 'client-1', formData: { description: 'The trips map stays blank' } };
  const sent = await call(handlers, 'POST', '/bugs/v2', me, report);
  expect(sent.status).toBe(201);
  const answer = (await sent.json()) as { id: string; status: string; shareToken: string };
  // The services' ids (`rpt-`, `c-`), not the widget mock's (`report-1`, `t-report-1`).
  expect(answer).toEqual({
    id: expect.stringMatching(/^rpt-/),
    status: 'OPEN',
    shareToken: expect.stringMatching(/^c-/),
  });
  // A retry (same client id) is the same report and the same conversation.
  expect(await (await call(handlers, 'POST', '/bugs/v2', me, report)).json()).toEqual(answer);
  expect(widget.store.reports).toEqual([]);

  // The operator's inbox lists it, with its reporter and its conversation.
  const sa = await signIn('SA');
  const listed = await fleetApi('GET', `/feedback-reports?q=${encodeURIComponent('trips map stays blank')}`, {
    token: sa,
  });
  expect(listed.body.items.map((r: { id: string }) => r.id)).toEqual([answer.id]);
  const detail = (await fleetApi('GET', `/feedback-reports/${answer.id}`, { token: sa })).body;
  expect(detail).toMatchObject({
    sdkKeyName: 'Voltline portal',
    reporter: { name: 'Asha Rao', email: 'asha@example.com' },
    conversation: { shareToken: answer.shareToken, unreadCount: 1 },
    ticket: null,
  });

  // A ticket made of it; the operator's reply (not a note) reaches the visitor's conversation and socket.
  const ticket = await fleetApi('POST', `/feedback-reports/${answer.id}/ticket`, {
    token: sa,
    body: { vehicleId: 'veh-000002' },
  });
  expect(ticket.status).toBe(201);
  const ticketId = ticket.body.id as string;
  pushed.length = 0;
  await fleetApi('POST', `/tickets/${ticketId}/messages`, { token: sa, body: { kind: 'note', body: 'Staff only' } });
  const replied = await fleetApi('POST', `/tickets/${ticketId}/messages`, {
    token: sa,
    body: { kind: 'reply', body: 'Does a reload help?' },
  });
  expect(replied.status).toBe(201);
  const conversation = (await (await call(handlers, 'GET', `/conversations/${answer.shareToken}`, me)).json()) as {
    messages: { author: { type: string }; text: string }[];
  };
  expect(conversation.messages.map((m) => [m.author.type, m.text])).toEqual([
    ['contact', 'The trips map stays blank'],
    ['bot', expect.stringContaining('We received your bug report')],
    ['agent', 'Does a reload help?'],
  ]);
  // The unread count covers the demo's sample conversations too (seeded, visible to every session).
  expect(pushed).toEqual([
    {
      u: expect.any(Number),
      a: [
        expect.objectContaining({
          actionType: 'notification',
          data: expect.objectContaining({ text: 'Does a reload help?' }),
        }),
      ],
    },
  ]);

  // The visitor answers: the ticket has it, signed by the visitor.
  expect(
    (await call(handlers, 'POST', `/conversations/${answer.shareToken}/messages`, me, { text: 'No' })).status,
  ).toBe(201);
  const onTicket = (await fleetApi('GET', `/tickets/${ticketId}`, { token: sa })).body;
  expect(onTicket.messages.at(-1)).toMatchObject({ kind: 'reply', body: 'No', authorId: null, authorName: 'Asha Rao' });
  expect(onTicket.status).toBe(TICKET_STATUS.NEW);

  // Closed, then the visitor answers again: the ticket is reopened, and its history says by whom.
  expect((await fleetApi('POST', `/tickets/${ticketId}/status`, { token: sa, body: { status: 6 } })).status).toBe(200);
  await call(handlers, 'POST', `/conversations/${answer.shareToken}/messages`, me, { text: 'It is back' });
  const reopened = (await fleetApi('GET', `/tickets/${ticketId}`, { token: sa })).body;
  expect(reopened.status).toBe(TICKET_STATUS.REOPEN);
  expect(reopened.closedAt).toBeNull();
  expect(reopened.events.at(-1)).toMatchObject({
    type: 'status',
    actorId: null,
    actorName: 'Asha Rao',
    summary: VISITOR_REOPENED,
  });
  expect(reopened.messages.at(-1)).toMatchObject({ body: 'It is back' });
});
