import { createWidgetMock, createWidgetMockStore } from '@voltline/widget/mock';
import { getResponse } from 'msw';
import { beforeAll, expect, test } from 'vitest';
import { widgetConversationDeps } from '../adapter/widget-conversation-store';
import type { WorldDb } from '../world/db';
import { getWorldDb } from '../world/world-instance';
import { createWidgetConversationHandlers } from './widget-conversations';

/** The demo's messenger conversations answered by the server's services (decision 0128). */
const API = 'https://demo.test/widget-api';
let db: WorldDb;
beforeAll(async () => {
  db = await getWorldDb();
});

function setup() {
  const widget = createWidgetMock({ apiUrl: API, store: createWidgetMockStore() });
  const pushed: unknown[] = [];
  const deps = widgetConversationDeps(
    db,
    { store: widget.store, pushUpdate: (u) => pushed.push(u) },
    { pageKey: 'page-key' },
  );
  const handlers = createWidgetConversationHandlers(API, deps);
  return { widget, handlers, pushed };
}

async function call(
  handlers: ReturnType<typeof setup>['handlers'],
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
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

async function session(widget: ReturnType<typeof setup>['widget']) {
  const answer = await widget.respond(
    new Request(`${API}/sessions`, {
      method: 'POST',
      headers: { 'api-token': 'page-key', 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'en' }),
    }),
  );
  const s = (await answer?.json()) as { gleapId: string; gleapHash: string };
  return { 'api-token': 'page-key', 'gleap-id': s.gleapId, 'gleap-hash': s.gleapHash };
}

test("a visitor's conversation is theirs: started, answered, listed and read through the services", async () => {
  const { widget, handlers, pushed } = setup();
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

test('bad input is 400 and an unknown key 401, as on the server', async () => {
  const { widget, handlers } = setup();
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
});
