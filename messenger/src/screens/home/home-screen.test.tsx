import { screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { renderMessenger } from '../../test/render-messenger';
import { readHomeActions } from './home-actions';
// The app loads these screens with import(); loading them up front keeps the first test of the file fast.
import '../help/help-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

test('without menu items home offers the bug and feedback flows', () => {
  view = renderMessenger();
  expect(screen.getByRole('button', { name: 'Report a bug Something does not work as expected' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Send feedback\b/ })).toBeInTheDocument();
});

test('shows the quick actions of the flow config in their order', () => {
  view = renderMessenger({
    config: {
      flowConfig: {
        menuItems: [
          { actionType: 'HELP_CENTER', title: 'Find answers' },
          { actionType: 'FEEDBACK_FLOW', actionBody: 'bugreporting', title: 'Report a bug' },
          { actionType: 'NEWS' },
        ],
      },
    },
  });
  const nav = screen.getByRole('navigation', { name: 'Ways to reach us' });
  const titles = [...nav.querySelectorAll('button .vl-card-title')].map((t) => t.textContent);
  expect(titles).toEqual(['Find answers', 'Report a bug', 'Latest news']);
  expect(screen.getByRole('button', { name: /^Find answers\b/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Latest news\b/ })).toBeInTheDocument();
});

test('a help center action opens the help center', async () => {
  view = renderMessenger({ config: { menuItems: [{ actionType: 'HELP_CENTER', title: 'Find answers' }] } });
  await view.user.click(screen.getByRole('button', { name: /^Find answers\b/ }));
  expect(await screen.findByRole('heading', { name: 'Help center' })).toBeInTheDocument();
});

test('the default quick actions follow staticTranslations, configured titles stay as they are', async () => {
  view = renderMessenger({
    config: {
      staticTranslations: { homeBugTitle: 'Fehler melden', homeNewsTitle: 'Neuigkeiten' },
      menuItems: [
        { actionType: 'FEEDBACK_FLOW', actionBody: 'bugreporting' },
        { actionType: 'HELP_CENTER', title: 'FAQ' },
      ],
    },
  });
  expect(screen.getByRole('button', { name: /^Fehler melden\b/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^FAQ\b/ })).toBeInTheDocument();
});

test('a bot action starts that bot, with the way back home', async () => {
  view = renderMessenger({ config: { menuItems: [{ actionType: 'BOT', actionBody: 'support-bot' }] } });
  await view.user.click(screen.getByRole('button', { name: /^Chat with us\b/ }));
  expect(await screen.findByRole('log', { name: 'Conversation with Volt' })).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await screen.findByRole('heading', { name: 'Hi there' })).toBeInTheDocument();
});

test('a bot action without a bot id is left out', async () => {
  view = renderMessenger({ config: { menuItems: [{ actionType: 'BOT' }, { actionType: 'NEWS' }] } });
  expect(screen.queryByRole('button', { name: /^Chat with us\b/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Latest news\b/ })).toBeInTheDocument();
});

test('a link action opens its URL through the widget', async () => {
  view = renderMessenger({
    config: { menuItems: [{ actionType: 'OPEN_URL', actionBody: 'https://status.example', title: 'Status' }] },
  });
  await view.user.click(screen.getByRole('button', { name: 'Status' }));
  expect(view.host.sent().find((m) => m.name === 'open-url')).toMatchObject({
    data: 'https://status.example',
    newTab: true,
  });
});

test('a custom action runs in the host page', async () => {
  view = renderMessenger({
    config: { menuItems: [{ actionType: 'CUSTOM_ACTION', actionBody: 'openBilling', title: 'Billing' }] },
  });
  await view.user.click(screen.getByRole('button', { name: 'Billing' }));
  expect(view.host.sentData('run-custom-action')).toEqual(['openBilling']);
});

test('names the operator team when the config has one', () => {
  view = renderMessenger({ config: { teamName: 'Voltline' } });
  expect(screen.getByText('The Voltline team is here for you.')).toBeInTheDocument();
});

test('leaves out menu items of unknown type or without the value they need', () => {
  expect(
    readHomeActions({
      menuItems: [{ actionType: 'TELEPORT' }, { actionType: 'OPEN_URL' }, { actionType: 'NEWS', title: 'News' }],
    }).map((a) => a.title),
  ).toEqual(['News']);
});

test('falls back to the default actions when no menu item is usable', () => {
  expect(readHomeActions({ menuItems: [{ actionType: 'TELEPORT' }] }).map((a) => a.title)).toEqual([
    'Report a bug',
    'Send feedback',
  ]);
});

test('the tab bar marks the current tab', async () => {
  view = renderMessenger();
  expect(screen.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await view.user.click(screen.getByRole('button', { name: 'News' }));
  expect(screen.getByRole('button', { name: 'News' })).toHaveAttribute('aria-current', 'page');
});
