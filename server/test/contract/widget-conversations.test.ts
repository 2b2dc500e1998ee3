import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { expectWidgetContract } from '../widget-contract';

/**
 * The messenger's conversations on the server and the widget's socket (issue 38 items 1 and 4, decision 0128), against
 * `sdk/api/widget-api.yaml` (the messenger's calls; gleap@14.2.11's socket wire in protocol/gleap-14.2.11.md).
 */
let server: TestServer;
let wsBase: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await createTestServer();
  await db()
    .insertInto('sdk_keys')
    .values([
      {
        id: 'sdk-conv-old',
        tenant_id: 'platform',
        key: 'revoked-conv-key',
        name: 'Old site',
        created_at: '2026-01-01T00:00:00Z',
        revoked_at: '2026-02-01T00:00:00Z',
      },
      {
        id: 'sdk-conv-oem',
        tenant_id: 'oem-01',
        key: 'oem-conv-key',
        name: 'OEM site',
        created_at: '2026-01-01T00:00:00Z',
      },
    ])
    .execute();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/widget-ws`;
});
afterAll(() => server?.close());

const KEY = 'demo-widget-key';
const W = '/widget-api';
type Session = { gleapId: string; gleapHash: string };

function widget(
  method: 'GET' | 'POST',
  path: string,
  options: { key?: string | null; session?: Session; payload?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.payload !== undefined) headers['content-type'] = 'application/json;charset=UTF-8';
  if (options.key !== null) headers['api-token'] = options.key ?? KEY;
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

async function newSession(key = KEY): Promise<Session> {
  const response = await widget('POST', '/sessions', { key, payload: { lang: 'en-us' } });
  expect(response.statusCode).toBe(201);
  return response.json() as Session;
}

async function sendReport(session: Session | undefined, overrides: Record<string, unknown> = {}) {
  const response = await widget('POST', '/bugs/v2', {
    ...(session ? { session } : {}),
    payload: {
      type: 'BUG',
      priority: 'MEDIUM',
      formData: { description: 'The map stays blank on the trips page', reportedBy: 'rider@example.com' },
      metaData: { currentUrl: 'https://shop.example/trips' },
      consoleLog: [],
      networkLogs: [],
      customEventLog: [],
      clientId: crypto.randomUUID(),
      ...overrides,
    },
  });
  expectWidgetContract('post', '/bugs/v2', response);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string; shareToken?: string };
}

const count = async (table: 'widget_conversations' | 'widget_conversation_messages') =>
  (await db().selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

describe('conversations of a session', () => {
  test('a report starts its follow-up conversation: listed unread with its last message, then read', async () => {
    const session = await newSession();
    const report = await sendReport(session);
    expect(report.shareToken).toEqual(expect.any(String));

    const list = await widget('GET', '/conversations', { session });
    expectWidgetContract('get', '/conversations', list);
    expect(list.statusCode).toBe(200);
    const [summary] = list.json().conversations;
    expect(list.json().conversations).toHaveLength(1);
    expect(summary).toMatchObject({
      shareToken: report.shareToken,
      title: 'The map stays blank on the trips page',
      unreadCount: 1,
      lastMessage: { author: { type: 'bot' } },
    });

    const one = await widget('GET', `/conversations/${report.shareToken}`, { session });
    expectWidgetContract('get', '/conversations/{shareToken}', one);
    expect(one.json().messages.map((m: { author: { type: string }; text: string }) => [m.author.type, m.text])).toEqual(
      [
        ['contact', 'The map stays blank on the trips page'],
        ['bot', 'Thanks! We received your bug report and will answer here.'],
      ],
    );

    const read = await widget('POST', `/conversations/${report.shareToken}/read`, { session });
    expect(read.statusCode).toBe(204);
    const after = await widget('GET', '/conversations', { session });
    expect(after.json().conversations[0].unreadCount).toBe(0);
  });

  test('a retried report keeps one conversation; silent reports, survey answers and session-less ones start none', async () => {
    const session = await newSession();
    const clientId = crypto.randomUUID();
    const first = await sendReport(session, { clientId });
    const again = await sendReport(session, { clientId });
    expect(again).toEqual(first);
    const silent = await sendReport(session, { type: 'CRASH', isSilent: true });
    const survey = await sendReport(session, { type: 'SURVEY', outbound: 'survey-1' });
    const anonymous = await sendReport(undefined);
    for (const answer of [silent, survey, anonymous]) expect(answer.shareToken).toBeUndefined();
    const list = (await widget('GET', '/conversations', { session })).json().conversations;
    expect(list.map((c: { shareToken: string }) => c.shareToken)).toEqual([first.shareToken]);
  });

  test('the visitor starts a conversation and writes in it; unread ones come first', async () => {
    const session = await newSession();
    const started = await widget('POST', '/conversations', {
      session,
      payload: { text: '  Can I export my trips?  ' },
    });
    expectWidgetContract('post', '/conversations', started);
    expect(started.statusCode).toBe(201);
    const conversation = started.json();
    expect(conversation).toMatchObject({
      title: 'Can I export my trips?',
      messages: [{ author: { type: 'contact' } }],
    });

    const reply = await widget('POST', `/conversations/${conversation.shareToken}/messages`, {
      session,
      payload: {
        text: 'As CSV, ideally',
        attachments: [{ name: 'trips.png', url: 'https://cdn.example/t.png', type: 'image/png' }],
      },
    });
    expectWidgetContract('post', '/conversations/{shareToken}/messages', reply);
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      author: { type: 'contact' },
      text: 'As CSV, ideally',
      attachments: [{ name: 'trips.png', url: 'https://cdn.example/t.png', type: 'image/png' }],
    });
    const report = await sendReport(session);
    const list = (await widget('GET', '/conversations', { session })).json().conversations;
    // The report's conversation is unread (the acknowledgement), so it comes first.
    expect(list.map((c: { shareToken: string }) => c.shareToken)).toEqual([report.shareToken, conversation.shareToken]);
    expect(list[1].lastMessage.text).toBe('As CSV, ideally');
  });

  test("another session's conversation is 404 for every call, and lists nothing of it", async () => {
    const mine = await newSession();
    const { shareToken } = await sendReport(mine);
    const other = await newSession();
    expect((await widget('GET', '/conversations', { session: other })).json()).toEqual({ conversations: [] });
    const before = await count('widget_conversation_messages');
    for (const [method, path, payload] of [
      ['GET', `/conversations/${shareToken}`, undefined],
      ['POST', `/conversations/${shareToken}/messages`, { text: 'hello' }],
      ['POST', `/conversations/${shareToken}/read`, undefined],
      ['GET', '/conversations/c-none', undefined],
    ] as const) {
      const answer = await widget(method, path, { session: other, payload });
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(await count('widget_conversation_messages')).toBe(before);
    // The visitor's unread count was not touched by the other session's read.
    expect((await widget('GET', '/conversations', { session: mine })).json().conversations[0].unreadCount).toBe(1);
  });

  test('an unknown or revoked key, no key, no session or a wrong hash: 401 and nothing stored', async () => {
    const session = await newSession();
    const { shareToken } = await sendReport(session);
    const before = [await count('widget_conversations'), await count('widget_conversation_messages')];
    const calls = (options: { key?: string | null; session?: Session }) => [
      widget('GET', '/conversations', options),
      widget('POST', '/conversations', { ...options, payload: { text: 'hi' } }),
      widget('GET', `/conversations/${shareToken}`, options),
      widget('POST', `/conversations/${shareToken}/messages`, { ...options, payload: { text: 'hi' } }),
      widget('POST', `/conversations/${shareToken}/read`, options),
    ];
    for (const options of [
      { key: 'no-such-key', session },
      { key: 'revoked-conv-key', session },
      { key: null, session },
      { key: KEY },
      { key: KEY, session: { ...session, gleapHash: 'forged' } },
      // a session is its key's: the OEM's key does not open the platform key's session
      { key: 'oem-conv-key', session },
    ]) {
      for (const answer of await Promise.all(calls(options))) {
        expect(answer.statusCode, JSON.stringify(options)).toBe(401);
        expect(answer.json().message).toEqual(expect.any(String));
      }
    }
    expect([await count('widget_conversations'), await count('widget_conversation_messages')]).toEqual(before);
  });

  test('bad messages are 400 with field errors and store nothing', async () => {
    const session = await newSession();
    const { shareToken } = await sendReport(session);
    const before = await count('widget_conversation_messages');
    for (const payload of [
      {},
      { text: 42 },
      { text: '   ' },
      { text: 'x'.repeat(10_001) },
      { text: 'see', attachments: 'nope' },
      { text: 'see', attachments: [{ name: 'x', url: 'javascript:alert(1)' }] },
      { text: 'see', attachments: [{ url: 'https://cdn.example/x' }] },
    ]) {
      const answer = await widget('POST', `/conversations/${shareToken}/messages`, { session, payload });
      expectWidgetContract('post', '/conversations/{shareToken}/messages', answer);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const start = await widget('POST', '/conversations', { session, payload: { text: '' } });
    expectWidgetContract('post', '/conversations', start);
    expect(start.statusCode).toBe(400);
    const notJson = await server.call({
      method: 'POST',
      url: `${W}/conversations/${shareToken}/messages`,
      headers: {
        'content-type': 'application/json',
        'api-token': KEY,
        'gleap-id': session.gleapId,
        'gleap-hash': session.gleapHash,
      },
      payload: '{"text":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await count('widget_conversation_messages')).toBe(before);
  });
});

/** A visitor's socket and the `update` messages it receives. */
async function openSocket(session: Session, key = KEY) {
  const q = new URLSearchParams({ ...session, apiKey: key, sdkVersion: '14.2.11' });
  const socket = new WebSocket(`${wsBase}?${q}`);
  const updates: { a?: unknown[]; u?: number }[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { name: string; data: { a?: unknown[]; u?: number } };
    expect(message.name).toBe('update');
    updates.push(message.data);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Waits until `count` updates arrived (2 s at most). */
  const received = async (count: number) => {
    const until = Date.now() + 2_000;
    while (updates.length < count && Date.now() < until) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    expect(updates.length, 'socket updates received').toBeGreaterThanOrEqual(count);
    return updates;
  };
  return { socket, updates, received };
}

/** The HTTP status a refused socket got. */
function refusedStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => reject(new Error('the socket was accepted')));
    socket.once('error', () => undefined);
  });
}

describe('/widget-ws and the ticket', () => {
  test('a socket needs a live key and its own session: 401 otherwise', async () => {
    const session = await newSession();
    const q = (over: Record<string, string>) =>
      `${wsBase}?${new URLSearchParams({ ...session, apiKey: KEY, sdkVersion: '14.2.11', ...over })}`;
    expect(await refusedStatus(q({ apiKey: 'no-such-key' }))).toBe(401);
    expect(await refusedStatus(q({ apiKey: 'revoked-conv-key' }))).toBe(401);
    expect(await refusedStatus(q({ gleapHash: 'forged' }))).toBe(401);
    expect(await refusedStatus(q({ apiKey: 'oem-conv-key' }))).toBe(401);
    expect(server.deps.visitorSockets.count(session.gleapId)).toBe(0);
  });

  test('a session opens at most 20 sockets at once: 429 beyond', async () => {
    const session = await newSession();
    const open = await Promise.all(Array.from({ length: 20 }, () => openSocket(session)));
    const q = new URLSearchParams({ ...session, apiKey: KEY, sdkVersion: '14.2.11' });
    expect(await refusedStatus(`${wsBase}?${q}`)).toBe(429);
    for (const s of open) s.socket.close();
  });

  test("an operator's reply on the ticket reaches the visitor's socket live; the visitor's answer lands on the ticket", async () => {
    const session = await newSession();
    const other = await newSession();
    const report = await sendReport(session);
    const visitor = await openSocket(session);
    const bystander = await openSocket(other);
    // On connecting, the session's unread count (the report's acknowledgement).
    expect((await visitor.received(1))[0]).toEqual({ u: 1 });
    expect((await bystander.received(1))[0]).toEqual({ u: 0 });

    const token = await server.tokenOf('SA');
    const made = await server.call({
      method: 'POST',
      url: `/api/feedback-reports/${report.id}/ticket`,
      token,
      payload: { vehicleId: 'veh-000002' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ticketId = made.json().id as string;

    // An internal note stays on the ticket.
    const note = await server.call({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      token,
      payload: { kind: 'note', body: 'Looks like the tile server' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const answered = await server.call({
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      token,
      payload: { kind: 'reply', body: 'Thanks, we are on it: does a reload help?' },
    });
    expectContract('post', '/tickets/{id}/messages', answered);
    expect(answered.statusCode, answered.body).toBe(201);

    const [, pushed] = await visitor.received(2);
    expect(pushed).toMatchObject({
      u: 2,
      a: [
        {
          actionType: 'notification',
          data: {
            text: 'Thanks, we are on it: does a reload help?',
            conversation: { shareToken: report.shareToken },
          },
        },
      ],
    });
    expect(visitor.updates).toHaveLength(2);
    expect(bystander.updates).toHaveLength(1);

    const conversation = (await widget('GET', `/conversations/${report.shareToken}`, { session })).json();
    const texts = conversation.messages.map((m: { author: { type: string }; text: string }) => [m.author.type, m.text]);
    expect(texts.at(-1)).toEqual(['agent', 'Thanks, we are on it: does a reload help?']);
    expect(JSON.stringify(conversation)).not.toContain('tile server');

    const answer = await widget('POST', `/conversations/${report.shareToken}/messages`, {
      session,
      payload: { text: 'No, still blank after a reload' },
    });
    expect(answer.statusCode).toBe(201);
    const ticket = await server.call({ method: 'GET', url: `/api/tickets/${ticketId}`, token });
    expectContract('get', '/tickets/{id}', ticket);
    const last = ticket.json().messages.at(-1);
    expect(last).toMatchObject({ kind: 'reply', body: 'No, still blank after a reload', authorId: null });
    expect(last.authorName).toEqual(expect.any(String));

    // Reading it drops the count on the visitor's socket.
    expect((await widget('POST', `/conversations/${report.shareToken}/read`, { session })).statusCode).toBe(204);
    expect((await visitor.received(3))[2]).toEqual({ u: 0 });
    // A read that changes nothing pushes nothing (the open messenger reads again on each push: no loop).
    expect((await widget('POST', `/conversations/${report.shareToken}/read`, { session })).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(visitor.updates).toHaveLength(3);
    visitor.socket.close();
    bystander.socket.close();
  });

  test("the visitor's answer reopens a closed ticket, in its history; a deleted ticket takes none", async () => {
    const session = await newSession();
    await widget('POST', '/sessions/identify', { session, payload: { userId: 'u-reopen', name: 'Ravi Kumar' } });
    const report = await sendReport(session);
    const token = await server.tokenOf('SA');
    const made = await server.call({
      method: 'POST',
      url: `/api/feedback-reports/${report.id}/ticket`,
      token,
      payload: { vehicleId: 'veh-000002' },
    });
    const ticketId = made.json().id as string;
    const move = (status: number) =>
      server.call({ method: 'POST', url: `/api/tickets/${ticketId}/status`, token, payload: { status } });
    const ticket = async () => {
      const read = await server.call({ method: 'GET', url: `/api/tickets/${ticketId}`, token });
      expectContract('get', '/tickets/{id}', read);
      return read.json();
    };
    const answer = (text: string) =>
      widget('POST', `/conversations/${report.shareToken}/messages`, { session, payload: { text } });

    const announced = () =>
      server.published.filter((p) => p.topic === 'voltline/v1/vehicles/veh-000002/tickets').map((p) => p.message);
    const before = announced().length;

    // Held: the answer lands, the status stays (only a closed ticket is reopened); open ticket pages hear of it.
    expect((await move(3)).statusCode).toBe(200);
    expect((await answer('Any news?')).statusCode).toBe(201);
    expect((await ticket()).status).toBe(3);
    expect(announced().slice(before)).toEqual([
      { v: 1, vehicleUid: 'veh-000002', ticketId, change: 'message', ts: expect.any(Number) },
    ]);

    expect((await move(6)).statusCode).toBe(200);
    const closed = await ticket();
    expect(closed.closedAt).toEqual(expect.any(String));
    expect((await answer('It is blank again')).statusCode).toBe(201);
    const reopened = await ticket();
    expect(reopened).toMatchObject({ status: 4, closedAt: null });
    expect(reopened.messages.at(-1)).toMatchObject({ body: 'It is blank again', authorId: null });
    expect(reopened.events.at(-1)).toMatchObject({
      type: 'status',
      actorId: null,
      actorName: 'Ravi Kumar',
      summary: 'Closed -> Reopen: the visitor answered in the widget',
    });
    expect(announced().at(-1)).toMatchObject({ ticketId, change: 'status' });
    // The SLA clock runs again (Closed had stopped it).
    expect(reopened.sla.paused).toBe(false);
    expect(reopened.allowedStatuses).toEqual(expect.arrayContaining([2, 3, 6]));

    // Deleted: the answer stays in the conversation, the ticket takes nothing, keeps its status and is not announced.
    expect((await move(6)).statusCode).toBe(200);
    const messages = (await ticket()).messages.length;
    const announcements = announced().length;
    await db().updateTable('tickets').set({ status: 5 }).where('id', '=', ticketId).execute();
    expect((await answer('Hello?')).statusCode).toBe(201);
    const deleted = await ticket();
    expect(deleted.status).toBe(5);
    expect(deleted.messages).toHaveLength(messages);
    expect(announced()).toHaveLength(announcements);
  });
});

describe("the report's conversation in the Fleet API", () => {
  const conversationOf = async (role: string, id: string) => {
    const response = await server.call({
      method: 'GET',
      url: `/api/feedback-reports/${id}/conversation`,
      token: await server.tokenOf(role),
    });
    expectContract('get', '/feedback-reports/{id}/conversation', response);
    return response;
  };
  const replyAs = async (role: string, id: string, payload: unknown) => {
    const response = await server.call({
      method: 'POST',
      url: `/api/feedback-reports/${id}/conversation/messages`,
      token: await server.tokenOf(role),
      payload: payload as object,
    });
    expectContract('post', '/feedback-reports/{id}/conversation/messages', response);
    return response;
  };

  test('an operator reads it and answers on the report: the visitor hears it live', async () => {
    const session = await newSession();
    const report = await sendReport(session);
    const visitor = await openSocket(session);
    await visitor.received(1);
    const detail = await server.call({
      method: 'GET',
      url: `/api/feedback-reports/${report.id}`,
      token: await server.tokenOf('SA'),
    });
    expectContract('get', '/feedback-reports/{id}', detail);
    expect(detail.json().conversation).toEqual({ shareToken: report.shareToken, unreadCount: 1 });
    const read = await conversationOf('SA', report.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ shareToken: report.shareToken, unreadCount: 1 });

    const answered = await replyAs('SA', report.id, { text: '  Which browser do you use?  ' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().messages.at(-1)).toMatchObject({
      author: { type: 'agent' },
      text: 'Which browser do you use?',
    });
    expect(answered.json().unreadCount).toBe(2);
    const [, pushed] = await visitor.received(2);
    expect(pushed).toMatchObject({
      u: 2,
      a: [{ actionType: 'notification', data: { text: 'Which browser do you use?' } }],
    });
    const mine = (await widget('GET', `/conversations/${report.shareToken}`, { session })).json();
    expect(mine.messages.at(-1)).toMatchObject({ author: { type: 'agent' }, text: 'Which browser do you use?' });
    // Audited as the operator's write.
    const audit = await db()
      .selectFrom('audit')
      .select(['entity', 'summary', 'user_id'])
      .where('entity_id', '=', report.id)
      .execute();
    expect(audit).toEqual([
      { entity: 'Feedback Conversation', summary: `Reply to the visitor of report ${report.id}`, user_id: 'usr-sa' },
    ]);
    visitor.socket.close();
  });

  test('with a ticket, the reply on the report is the ticket reply: the ticket keeps it', async () => {
    const session = await newSession();
    const report = await sendReport(session);
    const made = await server.call({
      method: 'POST',
      url: `/api/feedback-reports/${report.id}/ticket`,
      token: await server.tokenOf('SA'),
      payload: { vehicleId: 'veh-000003' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const answered = await replyAs('SA', report.id, { text: 'Fixed in today’s release' });
    expect(answered.statusCode, answered.body).toBe(201);
    const ticket = (
      await server.call({ method: 'GET', url: `/api/tickets/${made.json().id}`, token: await server.tokenOf('SA') })
    ).json();
    expect(ticket.messages.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
      ['reply', 'Fixed in today’s release'],
    ]);
    expect(ticket.firstResponseAt).not.toBeNull();
    const mine = (await widget('GET', `/conversations/${report.shareToken}`, { session })).json();
    expect(mine.messages.filter((m: { author: { type: string } }) => m.author.type === 'agent')).toHaveLength(1);
  });

  test('scoped to the organisation; without the key 403; bad replies 400; nothing written', async () => {
    const session = await newSession();
    const report = await sendReport(session);
    const oemSession = await newSession('oem-conv-key');
    const oemReport = await widget('POST', '/bugs/v2', {
      key: 'oem-conv-key',
      session: oemSession,
      payload: { type: 'BUG', formData: { description: 'OEM page' }, clientId: crypto.randomUUID() },
    });
    expect(oemReport.statusCode).toBe(201);
    const oemId = oemReport.json().id as string;
    const before = await count('widget_conversation_messages');

    expect((await conversationOf('OEMA', report.id)).statusCode).toBe(404);
    expect((await conversationOf('SA', oemId)).statusCode).toBe(404);
    expect((await conversationOf('OEMA', oemId)).statusCode).toBe(200);
    expect((await conversationOf('DA', report.id)).statusCode).toBe(403);
    expect((await replyAs('OEMA', report.id, { text: 'not yours' })).statusCode).toBe(404);
    expect((await replyAs('SA', oemId, { text: 'not yours' })).statusCode).toBe(404);
    expect((await replyAs('DA', report.id, { text: 'no key' })).statusCode).toBe(403);
    for (const payload of [{}, { text: '   ' }, { text: 'x'.repeat(4001) }, { text: 7 }]) {
      expect((await replyAs('SA', report.id, payload)).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    // A report that started no conversation (sent without a session) has none to read or answer.
    const anonymous = await sendReport(undefined);
    const detail = await server.call({
      method: 'GET',
      url: `/api/feedback-reports/${anonymous.id}`,
      token: await server.tokenOf('SA'),
    });
    expect(detail.json().conversation).toBeNull();
    expect((await conversationOf('SA', anonymous.id)).statusCode).toBe(404);
    expect((await replyAs('SA', anonymous.id, { text: 'hello?' })).statusCode).toBe(404);
    expect(await count('widget_conversation_messages')).toBe(before);
  });
});

describe('conversations started without a report, in the Fleet API (0136 Session 25)', () => {
  const call = async (role: string, method: 'GET' | 'POST', path: string, payload?: unknown) => {
    const response = await server.call({
      method,
      url: `/api${path}`,
      token: await server.tokenOf(role),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const spec = path.endsWith('/messages')
      ? '/feedback-conversations/{shareToken}/messages'
      : path.startsWith('/feedback-conversations/')
        ? '/feedback-conversations/{shareToken}'
        : '/feedback-conversations';
    expectContract(method === 'GET' ? 'get' : 'post', spec, response);
    return response;
  };
  const start = async (session: Session, text: string, key = KEY) => {
    const started = await widget('POST', '/conversations', { key, session, payload: { text } });
    expect(started.statusCode, started.body).toBe(201);
    return started.json().shareToken as string;
  };

  test("an operator finds a visitor's conversation in the list, reads it and answers: the visitor hears it live", async () => {
    const session = await newSession();
    await widget('POST', '/sessions/identify', {
      session,
      payload: { userId: 'rider-7', name: 'Asha Rao', email: 'asha@example.com' },
    });
    const shareToken = await start(session, 'Can I export my trips as CSV?');
    // A report's conversation is not one of these: it is answered on its report.
    const report = await sendReport(session);

    const listed = await call('SA', 'GET', '/feedback-conversations?pageSize=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as { shareToken: string }[];
    expect(items.map((c) => c.shareToken)).toContain(shareToken);
    expect(items.map((c) => c.shareToken)).not.toContain(report.shareToken);
    expect(items.find((c) => c.shareToken === shareToken)).toMatchObject({
      title: 'Can I export my trips as CSV?',
      visitor: { name: 'Asha Rao', email: 'asha@example.com' },
      awaitingReply: true,
      unreadCount: 0,
      lastMessage: { author: { type: 'contact' }, text: 'Can I export my trips as CSV?' },
    });
    expect(listed.json().total).toBe(items.length);

    const read = await call('SA', 'GET', `/feedback-conversations/${shareToken}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((m: { text: string }) => m.text)).toEqual(['Can I export my trips as CSV?']);

    const visitor = await openSocket(session);
    await visitor.received(1);
    const answered = await call('SA', 'POST', `/feedback-conversations/${shareToken}/messages`, {
      text: '  Yes: Trips, then Export CSV.  ',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({ shareToken, unreadCount: 1 });
    expect(answered.json().messages.at(-1)).toMatchObject({
      author: { type: 'agent' },
      text: 'Yes: Trips, then Export CSV.',
    });
    const [, pushed] = await visitor.received(2);
    expect(pushed).toMatchObject({
      u: expect.any(Number),
      a: [{ actionType: 'notification', data: { text: 'Yes: Trips, then Export CSV.', conversation: { shareToken } } }],
    });
    const mine = (await widget('GET', `/conversations/${shareToken}`, { session })).json();
    expect(mine.messages.at(-1)).toMatchObject({ author: { type: 'agent' }, text: 'Yes: Trips, then Export CSV.' });
    // Answered: the visitor no longer waits; audited as the operator's write.
    const after = (await call('SA', 'GET', '/feedback-conversations?pageSize=100')).json().items as {
      shareToken: string;
      awaitingReply: boolean;
    }[];
    expect(after.find((c) => c.shareToken === shareToken)?.awaitingReply).toBe(false);
    expect(after[0]?.shareToken).toBe(shareToken);
    const audit = await db()
      .selectFrom('audit')
      .select(['entity', 'action', 'user_id'])
      .where('entity_id', '=', shareToken)
      .execute();
    expect(audit).toEqual([{ entity: 'Feedback Conversation', action: 'Add', user_id: 'usr-sa' }]);
    visitor.socket.close();
  });

  test("scoped to the organisation; a report's conversation is 404 here; without the key 403; bad input 400", async () => {
    const session = await newSession();
    const mine = await start(session, 'Platform visitor');
    const report = await sendReport(session);
    const oemShare = await start(await newSession('oem-conv-key'), 'OEM visitor', 'oem-conv-key');
    const before = await count('widget_conversation_messages');

    const oemList = (await call('OEMA', 'GET', '/feedback-conversations?pageSize=100')).json().items as {
      shareToken: string;
    }[];
    expect(oemList.map((c) => c.shareToken)).toContain(oemShare);
    expect(oemList.map((c) => c.shareToken)).not.toContain(mine);
    expect((await call('OEMA', 'GET', `/feedback-conversations/${mine}`)).statusCode).toBe(404);
    expect((await call('SA', 'GET', `/feedback-conversations/${oemShare}`)).statusCode).toBe(404);
    expect((await call('SA', 'GET', `/feedback-conversations/${report.shareToken}`)).statusCode).toBe(404);
    expect((await call('SA', 'GET', '/feedback-conversations/nothing-here')).statusCode).toBe(404);
    expect((await call('DA', 'GET', '/feedback-conversations')).statusCode).toBe(403);
    expect((await call('DA', 'GET', `/feedback-conversations/${mine}`)).statusCode).toBe(403);
    expect((await call('OEMA', 'POST', `/feedback-conversations/${mine}/messages`, { text: 'no' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('SA', 'POST', `/feedback-conversations/${report.shareToken}/messages`, { text: 'no' })).statusCode,
    ).toBe(404);
    expect((await call('DA', 'POST', `/feedback-conversations/${mine}/messages`, { text: 'no' })).statusCode).toBe(403);
    for (const payload of [{}, { text: '   ' }, { text: 'x'.repeat(4001) }, { text: 7 }]) {
      const bad = await call('SA', 'POST', `/feedback-conversations/${mine}/messages`, payload);
      expect(bad.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect((await call('SA', 'GET', '/feedback-conversations?page=0')).statusCode).toBe(400);
    expect((await call('SA', 'GET', '/feedback-conversations?sort=title:asc')).statusCode).toBe(400);
    expect(await count('widget_conversation_messages')).toBe(before);
  });
});
