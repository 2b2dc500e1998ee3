import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { TEST_API_URL, mock, server } from '../../test/msw-server';
import { renderMessenger } from '../../test/render-messenger';
// The app loads these screens with import(); loading them up front keeps the first test of the file fast.
import './conversations-screen';
import './conversation-screen';
import './new-conversation-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
const conversation = (shareToken: string) => mock.store.conversations.find((c) => c.shareToken === shareToken);
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

test('the Messages tab lists unread conversations first with the last message', async () => {
  view = renderMessenger();
  await view.user.click(screen.getByRole('button', { name: 'Messages' }));
  const rows = await screen.findAllByRole('button', { name: /Battery alarm|Invoice question/ });
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringContaining('Battery alarm'),
    expect.stringContaining('Invoice question'),
  ]);
  expect(rows[0]).toHaveAccessibleName(/Battery alarm, 1 unread/);
  expect(rows[0]).toHaveTextContent('Volt: Hi! What can I do for you?');
  expect(rows[1]).toHaveTextContent('Maya: Under Billing.');
});

test('opening a conversation shows its messages', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-old' });
  const log = await screen.findByRole('log', { name: 'Messages' });
  expect(within(log).getByText('Where is my invoice?')).toBeInTheDocument();
  expect(within(log).getByText('Under Billing.')).toBeInTheDocument();
});

test('opening a conversation marks it read', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new' });
  await screen.findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(conversation('t-new')?.unreadCount).toBe(0));
});

test('sending a message adds it to the conversation and clears the composer', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new' });
  const input = await screen.findByRole('textbox', { name: 'Message' });
  await view.user.type(input, 'My battery shows E42{Enter}');
  const log = screen.getByRole('log', { name: 'Messages' });
  expect(await within(log).findByText('My battery shows E42')).toBeInTheDocument();
  expect(input).toHaveValue('');
  expect(conversation('t-new')?.messages.at(-1)?.text).toBe('My battery shows E42');
});

test('a failed send shows the error and keeps the text', async () => {
  server.use(
    http.post(`${TEST_API_URL}/conversations/:token/messages`, () =>
      HttpResponse.json({ message: 'Conversation is closed.' }, { status: 409 }),
    ),
  );
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new' });
  const input = await screen.findByRole('textbox', { name: 'Message' });
  await view.user.type(input, 'Hello?');
  await view.user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Conversation is closed.');
  expect(input).toHaveValue('Hello?');
});

test('open-conversation with hideBackButton offers no way back', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new', hideBackButton: true });
  await screen.findByRole('log', { name: 'Messages' });
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
});

test('an unknown share token shows the error', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-missing' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
});

test('no conversations says so', async () => {
  mock.store.conversations = [];
  view = renderMessenger();
  view.deliver('open-conversations', {});
  expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
});

test('a new conversation starts with the first message and then shows it', async () => {
  view = renderMessenger();
  view.deliver('open-conversations', {});
  await view.user.click(await screen.findByRole('button', { name: 'New conversation' }));
  await view.user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Can I export trips?{Enter}');
  const log = await screen.findByRole('log', { name: 'Messages' });
  expect(within(log).getByText('Can I export trips?')).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('button', { name: /Can I export trips\?/ })).toBeInTheDocument();
});

test('a new conversation can be started when there is none yet', async () => {
  mock.store.conversations = [];
  view = renderMessenger();
  view.deliver('open-conversations', {});
  await screen.findByText('No conversations yet.');
  expect(screen.getByRole('button', { name: 'New conversation' })).toBeInTheDocument();
});

test('a file is uploaded through /uploads/sdk and sent with the message', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new' });
  await screen.findByRole('log', { name: 'Messages' });
  const file = new File(['E42 at 08:12'], 'alarm-log.txt', { type: 'text/plain' });
  await view.user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  expect(screen.getByRole('list', { name: 'Attached files' })).toHaveTextContent('alarm-log.txt');
  await view.user.click(screen.getByRole('button', { name: 'Send message' }));
  const link = await screen.findByRole('link', { name: 'alarm-log.txt' });
  expect(mock.store.uploads).toHaveLength(1);
  expect(link).toHaveAttribute('href', mock.store.uploads[0]?.fileUrl);
  expect(conversation('t-new')?.messages.at(-1)?.attachments).toEqual([
    expect.objectContaining({ name: 'alarm-log.txt', url: mock.store.uploads[0]?.fileUrl }),
  ]);
  expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
});

test('a failed upload shows the error and keeps the file', async () => {
  server.use(
    http.post(`${TEST_API_URL}/uploads/sdk`, () => HttpResponse.json({ message: 'File too large.' }, { status: 413 })),
  );
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new' });
  await screen.findByRole('log', { name: 'Messages' });
  const file = new File(['x'], 'big.mp4', { type: 'video/mp4' });
  await view.user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  await view.user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('File too large.');
  expect(screen.getByRole('list', { name: 'Attached files' })).toHaveTextContent('big.mp4');
});

test('an attached file can be removed before sending', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-new' });
  await screen.findByRole('log', { name: 'Messages' });
  await view.user.upload(
    document.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File(['x'], 'wrong.png', { type: 'image/png' }),
  );
  await view.user.click(screen.getByRole('button', { name: 'Remove wrong.png' }));
  expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
});

test('an attachment link opens through the widget', async () => {
  conversation('t-old')?.messages.push({
    id: 'm9',
    author: { type: 'agent', name: 'Maya' },
    text: 'Here is the manual.',
    createdAt: '2026-11-01T10:00:00.000Z',
    attachments: [{ name: 'manual.pdf', url: 'https://files.example/manual.pdf' }],
  });
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-old' });
  await view.user.click(await screen.findByRole('link', { name: 'manual.pdf' }));
  expect(view.host.sent().find((m) => m.name === 'open-url')).toMatchObject({
    data: 'https://files.example/manual.pdf',
    newTab: true,
  });
});

test('a bug report the widget sent through /bugs/v2 is found under Messages', async () => {
  // What the widget does on send-feedback (the fake host does not): the report reaches the mock's /bugs/v2.
  const sent = await fetch(`${TEST_API_URL}/bugs/v2`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Api-Token': 'key-1', 'Gleap-Id': 'g1', 'Gleap-Hash': 'h1' },
    body: JSON.stringify({ type: 'BUG', formData: { description: 'The live map freezes' }, isSilent: false }),
  });
  expect(sent.status).toBe(201);
  view = renderMessenger();
  await view.user.click(screen.getByRole('button', { name: 'Messages' }));
  await view.user.click(await screen.findByRole('button', { name: /The live map freezes, 1 unread/ }));
  const log = await screen.findByRole('log', { name: 'Messages' });
  expect(within(log).getByText('The live map freezes')).toBeInTheDocument();
  expect(within(log).getByText(/We received your bug report/)).toBeInTheDocument();
});

test('a server-update from the widget brings a new staff message into the open conversation', async () => {
  view = renderMessenger();
  view.deliver('open-conversation', { shareToken: 't-old' });
  const log = await screen.findByRole('log', { name: 'Messages' });
  mock.reply('t-old', 'Did that help?');
  view.deliver('server-update', { u: 1 });
  expect(await within(log).findByText('Did that help?')).toBeInTheDocument();
  await waitFor(() => expect(conversation('t-old')?.unreadCount).toBe(0));
});
