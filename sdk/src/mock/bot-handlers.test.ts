import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createWidgetMock } from './widget-handlers';

const API = 'https://api.bot-mock.test';
const mock = createWidgetMock({ apiUrl: API, wsUrl: 'wss://ws.bot-mock.test' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const visitor = { 'Api-Token': 'k', 'Gleap-Id': 'g-visitor', 'Gleap-Hash': 'h' };
const post = (path: string, body?: unknown, headers: Record<string, string> = visitor) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function start() {
  const res = await post('/bots/support-bot/runs', {});
  expect(res.status).toBe(201);
  return res.json();
}

const answer = async (runId: string, stepId: string, value: string) =>
  post(`/bots/runs/${runId}/answers`, { stepId, value });

test('starting a bot runs its script up to the first question and offers the buttons', async () => {
  const run = await start();
  expect(run.botName).toBe('Volt');
  expect(run.messages.map((m: { text: string }) => m.text)).toEqual([
    "Hi! I'm Volt, the Voltline assistant.",
    'What can I do for you?',
  ]);
  expect(run.prompt).toEqual({
    stepId: 'topic',
    kind: 'buttons',
    options: [
      { id: 'problem', label: 'Report a problem' },
      { id: 'person', label: 'Talk to a person' },
      { id: 'browse', label: 'Just looking around' },
    ],
  });
  expect(run.outcome).toBeUndefined();
});

test('an unknown bot answers 404 with a message', async () => {
  const res = await post('/bots/nope/runs', {});
  expect(res.status).toBe(404);
  expect((await res.json()).message).toBe('This bot does not exist.');
});

test('the answers of a problem report end in a ticket with a follow-up conversation', async () => {
  const run = await start();
  await answer(run.id, 'topic', 'problem');
  await answer(run.id, 'describe', 'The map is blank');
  const last = await (await answer(run.id, 'email', 'ana@example.com')).json();
  expect(last.prompt).toBeUndefined();
  expect(last.outcome).toMatchObject({ type: 'ticket', ticketId: expect.any(String), shareToken: expect.any(String) });
  expect(mock.store.reports.at(-1)).toMatchObject({
    type: 'BUG',
    formData: { description: 'The map is blank', reportedBy: 'ana@example.com' },
  });
  const conversation = mock.store.conversations.find((c) => c.shareToken === last.outcome.shareToken);
  expect(conversation?.owner).toBe('g-visitor');
  expect(conversation?.messages.map((m) => m.text)).toContain('The map is blank');
});

test('asking for a person ends in a conversation with the transcript and an agent', async () => {
  const run = await start();
  const last = await (await answer(run.id, 'topic', 'person')).json();
  expect(last.outcome).toEqual({ type: 'conversation', shareToken: expect.any(String) });
  const conversation = mock.store.conversations.find((c) => c.shareToken === last.outcome.shareToken);
  expect(conversation?.messages.map((m) => m.author.type)).toEqual(['bot', 'bot', 'contact', 'bot', 'agent']);
  expect(conversation?.unreadCount).toBe(1);
});

test('an answer that is no offered button, or no e-mail address, is refused with a message', async () => {
  const run = await start();
  const wrong = await answer(run.id, 'topic', 'dance');
  expect(wrong.status).toBe(400);
  expect((await wrong.json()).message).toBe('Choose one of the offered answers.');
  await answer(run.id, 'topic', 'problem');
  await answer(run.id, 'describe', 'Blank map');
  const bad = await answer(run.id, 'email', 'not-an-address');
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe('This is not a valid e-mail address.');
});

test('an answer to a step the bot no longer waits for answers 409', async () => {
  const run = await start();
  await answer(run.id, 'topic', 'browse');
  const res = await answer(run.id, 'topic', 'problem');
  expect(res.status).toBe(409);
});

test('another session cannot answer in a run it did not start', async () => {
  const run = await start();
  const res = await post(
    `/bots/runs/${run.id}/answers`,
    { stepId: 'topic', value: 'browse' },
    { ...visitor, 'Gleap-Id': 'g-other' },
  );
  expect(res.status).toBe(404);
});

test('a script with a missing step ends the run instead of waiting forever', async () => {
  mock.store.bots.push({
    id: 'broken',
    name: 'Broken',
    start: 'a',
    steps: { a: { type: 'message', text: 'One moment', next: 'gone' } },
  });
  const run = await (await post('/bots/broken/runs', {})).json();
  expect(run.outcome).toEqual({ type: 'end' });
  expect(run.prompt).toBeUndefined();
});

test('respond answers a request from the handlers without MSW intercepting', async () => {
  const standalone = createWidgetMock({ apiUrl: 'https://api.standalone.test' });
  const res = await standalone.respond(
    new Request('https://api.standalone.test/bots/support-bot/runs', {
      method: 'POST',
      headers: { 'Api-Token': 'k', 'Content-Type': 'application/json' },
      body: '{}',
    }),
  );
  expect(res?.status).toBe(201);
  expect(await standalone.respond(new Request('https://elsewhere.test/'))).toBeUndefined();
});
