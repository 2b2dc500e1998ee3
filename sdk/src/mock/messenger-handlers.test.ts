import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { createWidgetMock } from './widget-handlers';
import { failNext } from './widget-store';

const API = 'https://api.messenger-mock.test';
const mock = createWidgetMock({ apiUrl: API, wsUrl: 'wss://ws.messenger-mock.test' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

const visitor = { 'Api-Token': 'k', 'Gleap-Id': 'g-visitor', 'Gleap-Hash': 'h' };
const get = (path: string, headers: Record<string, string> = visitor) => fetch(`${API}${path}`, { headers });
const post = (path: string, body?: unknown, headers: Record<string, string> = visitor) =>
  fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

test('help collections come with their article counts', async () => {
  const { collections } = await (await get('/helpcenter/collections?lang=en')).json();
  expect(collections).toContainEqual(expect.objectContaining({ id: 'c-start', articleCount: 2 }));
  expect(collections).toContainEqual(expect.objectContaining({ id: 'c-empty', articleCount: 0 }));
});

test('a collection lists its articles without their content', async () => {
  const body = await (await get('/helpcenter/collections/c-start')).json();
  expect(body.collection.title).toBe('Getting started');
  expect(body.articles.map((a: { id: string }) => a.id)).toEqual(['a-pair', 'a-firmware']);
  expect(body.articles[0].content).toBeUndefined();
});

test('an article carries rich HTML with an image', async () => {
  const article = await (await get('/helpcenter/articles/a-pair')).json();
  expect(article.content).toContain('<img src="https://cdn.example/pair.png"');
});

test('an unknown article answers 404 with a message', async () => {
  const res = await get('/helpcenter/articles/nope');
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ message: 'Not found.' });
});

test('search ranks title matches before content matches and ignores markup', async () => {
  const { results } = await (await get('/helpcenter/search?q=battery')).json();
  expect(results.map((a: { id: string }) => a.id)).toEqual(['a-pair', 'a-firmware']);
  expect((await (await get('/helpcenter/search?q=img')).json()).results).toEqual([]);
});

test('screen calls without Api-Token are refused', async () => {
  expect((await get('/news', {})).status).toBe(401);
});

test('news is listed newest first without content, and an article has its content', async () => {
  const { items } = await (await get('/news')).json();
  expect(items.map((n: { id: string }) => n.id)).toEqual(['n-2', 'n-1']);
  expect(items[0].content).toBeUndefined();
  expect((await (await get('/news/n-1')).json()).content).toBe('<p>Dark mode is here.</p>');
});

test('conversations list unread first with the last message', async () => {
  const { conversations } = await (await get('/conversations')).json();
  expect(conversations.map((c: { shareToken: string }) => c.shareToken)).toEqual(['t-new', 't-old']);
  expect(conversations[1].lastMessage).toMatchObject({ author: { type: 'agent' }, text: 'Under Billing.' });
});

test('a started conversation belongs to the session that started it', async () => {
  const created = await (await post('/conversations', { text: 'Can I export trips?' })).json();
  expect(created.messages[0]).toMatchObject({ author: { type: 'contact' }, text: 'Can I export trips?' });
  const mine = (await (await get('/conversations')).json()).conversations;
  const theirs = (await (await get('/conversations', { ...visitor, 'Gleap-Id': 'g-other' })).json()).conversations;
  expect(mine.map((c: { shareToken: string }) => c.shareToken)).toContain(created.shareToken);
  expect(theirs.map((c: { shareToken: string }) => c.shareToken)).not.toContain(created.shareToken);
});

test('a message with an uploaded attachment is stored', async () => {
  const form = new FormData();
  form.append('file', new Blob(['log'], { type: 'text/plain' }), 'log.txt');
  const upload = await fetch(`${API}/uploads/sdk`, { method: 'POST', headers: visitor, body: form });
  const { fileUrl } = await upload.json();
  const res = await post('/conversations/t-old/messages', {
    text: '',
    attachments: [{ name: 'log.txt', url: fileUrl }],
  });
  expect(res.status).toBe(201);
  expect(mock.store.conversations.find((c) => c.shareToken === 't-old')?.messages.at(-1)?.attachments).toEqual([
    { name: 'log.txt', url: fileUrl },
  ]);
});

test('an empty message is refused', async () => {
  const res = await post('/conversations/t-old/messages', { text: '  ' });
  expect(res.status).toBe(400);
  expect((await res.json()).message).toBe('A message needs text or a file.');
});

test('reading a conversation clears its unread count', async () => {
  expect((await post('/conversations/t-new/read')).status).toBe(204);
  expect(mock.store.conversations.find((c) => c.shareToken === 't-new')?.unreadCount).toBe(0);
});

test('a bug report sent through /bugs/v2 appears as a conversation of its session', async () => {
  const sent = await (
    await post('/bugs/v2', { type: 'BUG', formData: { description: 'The map freezes' }, isSilent: false })
  ).json();
  const { conversations } = await (await get('/conversations')).json();
  expect(conversations[0]).toMatchObject({ shareToken: sent.shareToken, title: 'The map freezes', unreadCount: 1 });
  const conversation = await (await get(`/conversations/${sent.shareToken}`)).json();
  expect(conversation.messages.map((m: { author: { type: string } }) => m.author.type)).toEqual(['contact', 'bot']);
});

test('a silent crash report starts no conversation', async () => {
  const before = mock.store.conversations.length;
  await post('/bugs/v2', { type: 'CRASH', isSilent: true });
  expect(mock.store.conversations).toHaveLength(before);
});

test('scripted failures apply to screen calls too', async () => {
  failNext(mock.store, 'GET /news', 503);
  expect((await get('/news')).status).toBe(503);
  expect((await get('/news')).status).toBe(200);
});

test('a staff reply is stored unread and the socket pushes the new unread count', async () => {
  const socket = new WebSocket('wss://ws.messenger-mock.test?gleapId=g-visitor&gleapHash=h&apiKey=k');
  const received: string[] = [];
  socket.addEventListener('message', (e) => received.push(String(e.data)));
  await new Promise((r) => socket.addEventListener('open', r));
  mock.reply('t-old', 'Found it?');
  const old = mock.store.conversations.find((c) => c.shareToken === 't-old');
  expect(old?.messages.at(-1)).toMatchObject({ author: { type: 'agent' }, text: 'Found it?' });
  // Waited for, not slept on: fixed 20 ms sleeps failed on a busy machine.
  await vi.waitFor(
    () => expect(received.map((d) => JSON.parse(d))).toContainEqual({ name: 'update', data: { u: 2 } }),
    { timeout: 4_000 },
  );
  socket.close();
});

test('a survey is served by its outbound id with its questions', async () => {
  const survey = await (await get('/forms/nps-survey')).json();
  expect(survey).toMatchObject({ kind: 'survey', feedbackType: 'SURVEY' });
  expect(survey.fields.map((f: { type: string }) => f.type)).toEqual([
    'nps',
    'rating',
    'rating',
    'single_choice',
    'multiple_choice',
    'text',
    'textarea',
  ]);
  expect((await get('/forms/unknown')).status).toBe(404);
});

test('a survey answer sent through /bugs/v2 is stored with its outbound id, without a conversation', async () => {
  const before = mock.store.conversations.length;
  await post('/bugs/v2', { type: 'SURVEY', outbound: 'nps-survey', formData: { nps: 9 }, isSilent: false });
  expect(mock.store.reports.at(-1)).toMatchObject({ outbound: 'nps-survey', formData: { nps: 9 } });
  expect(mock.store.conversations).toHaveLength(before);
});

test('checklists list their progress, unfinished first', async () => {
  const { checklists } = await (await get('/checklists')).json();
  expect(checklists).toEqual([
    expect.objectContaining({ id: 'cl-onboarding', outboundId: 'onboarding', stepCount: 5, doneCount: 1 }),
  ]);
});

test('starting a checklist by outbound id creates it once per session', async () => {
  const first = await (await post('/checklists', { outboundId: 'billing-setup' })).json();
  const again = await (await post('/checklists', { outboundId: 'billing-setup' })).json();
  expect(again.id).toBe(first.id);
  expect(first.steps).toEqual([expect.objectContaining({ id: 's-card', done: false })]);
  expect((await post('/checklists', { outboundId: 'nope' })).status).toBe(404);
});

test('a step marked done changes the checklist progress', async () => {
  const checklist = await (await post('/checklists/cl-onboarding/steps/s-pair/done')).json();
  expect(checklist.steps.find((s: { id: string }) => s.id === 's-pair').done).toBe(true);
  const { checklists } = await (await get('/checklists')).json();
  expect(checklists[0].doneCount).toBe(2);
});

test('feature requests list by votes and filter by status', async () => {
  const all = (await (await get('/feature-requests')).json()).featureRequests;
  expect(all.map((f: { id: string }) => f.id)).toEqual(['fr-export', 'fr-dark', 'fr-sms']);
  expect(all[0]).toMatchObject({ voteCount: 3, voted: false, status: 'planned' });
  const done = (await (await get('/feature-requests?status=done')).json()).featureRequests;
  expect(done.map((f: { id: string }) => f.id)).toEqual(['fr-dark']);
});

test('a contact votes once per feature request', async () => {
  const voted = await (await post('/feature-requests/fr-sms/vote')).json();
  expect(voted).toMatchObject({ voteCount: 2, voted: true });
  const again = await post('/feature-requests/fr-sms/vote');
  expect(again.status).toBe(409);
  expect((await again.json()).message).toBe('You already voted for this.');
});

test('a new feature request starts open with the vote of its author', async () => {
  const created = await (await post('/feature-requests', { title: 'Geofences' })).json();
  expect(created).toMatchObject({ title: 'Geofences', status: 'open', voteCount: 1, voted: true });
  expect((await post('/feature-requests', { title: 'x' })).status).toBe(400);
});
