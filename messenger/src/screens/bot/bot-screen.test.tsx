import { screen, within } from '@testing-library/react';
import { failNext } from '@voltline/widget/mock';
import { afterEach, expect, test } from 'vitest';
import { mock } from '../../test/msw-server';
import { renderMessenger } from '../../test/render-messenger';
// The app loads these screens with import(); loading them up front keeps the first test of the file fast.
import './bot-screen';
import '../conversations/conversation-screen';
import '../conversations/new-conversation-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

async function startSupportBot() {
  view = renderMessenger();
  view.deliver('start-bot', { botId: 'support-bot' });
  return screen.findByRole('log', { name: 'Conversation with Volt' });
}

const texts = (log: HTMLElement) =>
  within(log)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');

test('start-bot shows the bot by name with its first messages and answer buttons', async () => {
  const log = await startSupportBot();
  expect(screen.getByRole('heading', { name: 'Volt' })).toBeInTheDocument();
  expect(within(log).getByText("Hi! I'm Volt, the Voltline assistant.")).toBeInTheDocument();
  expect(within(log).getByText('What can I do for you?')).toBeInTheDocument();
  const choices = screen.getByRole('group', { name: 'Choose an answer' });
  expect(
    within(choices)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Report a problem', 'Talk to a person', 'Just looking around']);
});

test('the answers to a problem report end in a ticket that opens as a conversation', async () => {
  const log = await startSupportBot();
  await view!.user.click(screen.getByRole('button', { name: 'Report a problem' }));
  const answer = await screen.findByRole('textbox', { name: 'Your answer' });
  expect(answer).toHaveFocus();
  await view!.user.type(answer, 'The map stays blank{Enter}');
  const email = await screen.findByRole('textbox', { name: 'Your answer' });
  await screen.findByText('Which e-mail address should we answer to?');
  await view!.user.type(email, 'ana@example.com{Enter}');
  expect(await screen.findByText(/^Ticket report-\d+ was created\.$/)).toBeInTheDocument();
  expect(texts(log).some((text) => text.includes('The map stays blank'))).toBe(true);
  expect(mock.store.reports.at(-1)).toMatchObject({
    formData: { description: 'The map stays blank', reportedBy: 'ana@example.com' },
  });
  await view!.user.click(screen.getByRole('button', { name: 'Open the ticket conversation' }));
  expect(await screen.findByRole('heading', { name: 'The map stays blank' })).toBeInTheDocument();
});

test('an e-mail answer is checked before it is sent and the field says why', async () => {
  await startSupportBot();
  await view!.user.click(screen.getByRole('button', { name: 'Report a problem' }));
  await view!.user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Blank map{Enter}');
  await screen.findByText('Which e-mail address should we answer to?');
  const calls = mock.store.calls.length;
  const email = screen.getByRole('textbox', { name: 'Your answer' });
  await view!.user.type(email, 'ana-at-example{Enter}');
  expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(mock.store.calls.length).toBe(calls);
});

test('an empty typed answer is not sent', async () => {
  await startSupportBot();
  await view!.user.click(screen.getByRole('button', { name: 'Report a problem' }));
  const answer = await screen.findByRole('textbox', { name: 'Your answer' });
  await view!.user.click(screen.getByRole('button', { name: 'Send' }));
  expect(answer).toHaveAccessibleDescription('Please type an answer.');
});

test('asking for a person hands over to a conversation with the team', async () => {
  await startSupportBot();
  await view!.user.click(screen.getByRole('button', { name: 'Talk to a person' }));
  expect(await screen.findByText('Someone from the team is joining.')).toBeInTheDocument();
  await view!.user.click(screen.getByRole('button', { name: 'Continue the conversation' }));
  expect(await screen.findByRole('heading', { name: 'Chat with Maya' })).toBeInTheDocument();
  expect(await screen.findByText(/I'm Maya\. I have read your chat with Volt/)).toBeInTheDocument();
});

test('after a chosen answer, keyboard focus moves on to what the bot offers next', async () => {
  await startSupportBot();
  await view!.user.click(screen.getByRole('button', { name: 'Talk to a person' }));
  expect(await screen.findByRole('button', { name: 'Continue the conversation' })).toHaveFocus();
});

test('a run that ends without a ticket offers to start again', async () => {
  await startSupportBot();
  await view!.user.click(screen.getByRole('button', { name: 'Just looking around' }));
  expect(await screen.findByText('The chat has ended.')).toBeInTheDocument();
  await view!.user.click(screen.getByRole('button', { name: 'Start again' }));
  expect(await screen.findByRole('group', { name: 'Choose an answer' })).toBeInTheDocument();
  expect(mock.store.botRuns).toHaveLength(2);
});

test('a failed answer shows the error and keeps the buttons for another try', async () => {
  await startSupportBot();
  const runId = mock.store.botRuns[0]!.id;
  failNext(mock.store, `POST /bots/runs/${runId}/answers`, 500);
  await view!.user.click(screen.getByRole('button', { name: 'Talk to a person' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('mock failure');
  await view!.user.click(screen.getByRole('button', { name: 'Talk to a person' }));
  expect(await screen.findByText('Someone from the team is joining.')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('an unknown bot shows the error with a retry', async () => {
  view = renderMessenger();
  view.deliver('start-bot', { botId: 'nope' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This bot does not exist.');
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('start-bot without a bot id starts a new conversation', async () => {
  view = renderMessenger();
  view.deliver('start-bot', { botId: '' });
  expect(await screen.findByRole('heading', { name: 'New conversation' })).toBeInTheDocument();
});

test('the bot screen tells the widget its page name', async () => {
  await startSupportBot();
  expect(view!.host.sentData('page-changed')).toContainEqual({ name: 'bot' });
});
