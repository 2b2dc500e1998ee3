import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { HostChannelProvider } from '../bridge/use-host-channel';
import { createFakeHost } from '../test/fake-host';
import { renderMessenger } from '../test/render-messenger';
import { App, HANDSHAKE_TIMEOUT_MS } from './app';
import { createMessengerStore } from './messenger-store';
import { MessengerStoreProvider } from './use-messenger-store';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('greets the contact by first name on home', () => {
  view = renderMessenger({ session: { name: 'Ana Silva' } });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hi Ana');
});

test('shows a loading state until the widget answers the ping', () => {
  view = renderMessenger({ handshake: false });
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(screen.queryByRole('button', { name: /^Report a bug\b/ })).not.toBeInTheDocument();
});

test('says so when the widget does not answer, and pings again on retry', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  view = renderMessenger({ handshake: false });
  act(() => vi.advanceTimersByTime(HANDSHAKE_TIMEOUT_MS));
  expect(screen.getByRole('alert')).toHaveTextContent('The widget does not answer.');
  await userEvent
    .setup({ advanceTimers: vi.advanceTimersByTime })
    .click(screen.getByRole('button', { name: 'Try again' }));
  expect(view.host.sentData('ping')).toHaveLength(2);
});

test('explains itself when it is opened outside the widget', () => {
  const host = createFakeHost({ ancestorOrigins: [], referrer: '' });
  const store = createMessengerStore(host.channel);
  render(
    <HostChannelProvider channel={host.channel}>
      <MessengerStoreProvider store={store}>
        <App />
      </MessengerStoreProvider>
    </HostChannelProvider>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('The messenger opens inside the Voltline widget.');
  host.cleanup();
});

test('applies the config colours and radius as CSS variables with contrasting text', () => {
  view = renderMessenger({
    config: { flowConfig: { headerColor: '#FFEE00', buttonColor: '#222222', borderRadius: 6 } },
  });
  const style = document.documentElement.style;
  expect(style.getPropertyValue('--vl-header')).toBe('#FFEE00');
  expect(style.getPropertyValue('--vl-header-text')).toBe('#000000');
  expect(style.getPropertyValue('--vl-button-text')).toBe('#FFFFFF');
  expect(style.getPropertyValue('--vl-radius')).toBe('6px');
});

test('lays out right to left when the config asks for it', () => {
  view = renderMessenger({ config: { localizationOptions: { rtl: true } } });
  expect(document.documentElement.dir).toBe('rtl');
});

test('a right-to-left language lays out right to left without configuration', () => {
  view = renderMessenger();
  view.deliver('config-update', { config: {}, aiTools: [], overrideLanguage: 'ar' });
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('ar');
});

test('staticTranslations replace the UI text of the messenger', async () => {
  view = renderMessenger({
    config: { flowConfig: { staticTranslations: { greetingGuest: 'Hallo', close: 'Schließen', back: 'Zurück' } } },
    session: { gleapId: 'g1', gleapHash: 'h1' },
  });
  expect(screen.getByRole('heading', { name: 'Hallo' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  view.deliver('open-news', {});
  expect(await screen.findByRole('button', { name: 'Zurück' })).toBeInTheDocument();
});

test('staticTranslations per language follow overrideLanguage', () => {
  view = renderMessenger();
  view.deliver('config-update', {
    config: {
      flowConfig: {
        staticTranslations: { de: { homeLead: 'Wie können wir helfen?' }, fr: { homeLead: 'Comment aider ?' } },
      },
    },
    aiTools: [],
    overrideLanguage: 'fr-CA',
  });
  expect(screen.getByText('Comment aider ?')).toBeInTheDocument();
});

test('staticTranslations reach the screens that load on demand', async () => {
  view = renderMessenger({ config: { flowConfig: { staticTranslations: { next: 'Weiter', survey: 'Umfrage' } } } });
  view.deliver('start-survey', { flow: 'nps-survey', format: 'survey' });
  expect(await screen.findByRole('button', { name: 'Weiter' })).toBeInTheDocument();
});

test('a screen opened with hideBackButton offers no way back', async () => {
  view = renderMessenger();
  view.deliver('start-bot', { botId: 'support-bot', hideBackButton: true });
  expect(await screen.findByRole('heading', { name: 'Volt' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
});

test('Escape closes the widget', async () => {
  view = renderMessenger();
  await view.user.keyboard('{Escape}');
  expect(view.host.sentData('close-widget')).toHaveLength(1);
});

test('Escape does not close a survey_web flow', async () => {
  view = renderMessenger();
  view.deliver('start-feedbackflow', { flow: 'feedback', format: 'survey_web' });
  await view.user.keyboard('{Escape}');
  expect(view.host.sentData('close-widget')).toHaveLength(0);
});

test('moves focus to the screen heading when the widget opens', () => {
  view = renderMessenger();
  expect(document.body).toHaveFocus();
  view.deliver('widget-status-update', { isWidgetOpen: true });
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
});

test('closing the widget on a screen moves no focus, so the host page can give it back (widget issue 36 item 13)', async () => {
  view = renderMessenger();
  view.deliver('widget-status-update', { isWidgetOpen: true });
  view.deliver('start-bot', { botId: 'support-bot' });
  expect(await screen.findByRole('heading', { name: 'Volt' })).toBeInTheDocument();
  // the host page took focus back as the widget closed
  (document.activeElement as HTMLElement | null)?.blur();
  view.deliver('widget-status-update', { isWidgetOpen: false });
  await new Promise((r) => setTimeout(r, 50));
  expect(document.body).toHaveFocus();
});

test('sends height-update with the content height whenever it changes', () => {
  const callbacks: ResizeObserverCallback[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: ResizeObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  let height = 480;
  const rect = vi
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockImplementation(() => ({ height }) as DOMRect);
  view = renderMessenger();
  height = 512.4;
  for (const callback of callbacks) callback([], {} as ResizeObserver);
  for (const callback of callbacks) callback([], {} as ResizeObserver);
  expect(view.host.sentData('height-update')).toEqual([480, 513]);
  rect.mockRestore();
});

test('session-cleared forgets the contact', () => {
  view = renderMessenger({ session: { name: 'Ana' } });
  view.deliver('session-cleared', undefined);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hi there');
});
