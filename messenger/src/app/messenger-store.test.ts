import { afterEach, expect, test } from 'vitest';
import { createFakeHost, type FakeHost } from '../test/fake-host';
import { canGoBack, createMessengerStore, currentEntry } from './messenger-store';

let host: FakeHost | undefined;
afterEach(() => host?.cleanup());

function setup() {
  host = createFakeHost();
  const store = createMessengerStore(host.channel);
  host.channel.start();
  return { host, store };
}

test('starts on home without a way back', () => {
  const { store } = setup();
  expect(currentEntry(store.getState()).route).toEqual({ screen: 'home' });
  expect(canGoBack(store.getState())).toBe(false);
});

test('back walks the history one screen at a time', () => {
  const { store } = setup();
  store.navigate({ screen: 'help' });
  store.navigate({ screen: 'help-collection', collectionId: 'c1' });
  store.back();
  expect(currentEntry(store.getState()).route).toEqual({ screen: 'help' });
  store.back();
  expect(currentEntry(store.getState()).route).toEqual({ screen: 'home' });
});

test('a screen opened by the widget goes back to home', () => {
  const { host, store } = setup();
  store.navigate({ screen: 'news' });
  host.deliver('open-help-article', { articleId: 'a1' });
  expect(store.getState().history.map((e) => e.route.screen)).toEqual(['home', 'help-article']);
});

test('a screen opened with hideBackButton has no way back', () => {
  const { host, store } = setup();
  host.deliver('open-news', { hideBackButton: true });
  expect(canGoBack(store.getState())).toBe(false);
  store.back();
  expect(currentEntry(store.getState()).route).toEqual({ screen: 'news' });
});

test('replace swaps the screen on display and keeps its back rule', () => {
  const { store } = setup();
  store.navigate({ screen: 'conversations' });
  store.navigate({ screen: 'new-conversation' });
  store.replace({ screen: 'conversation', shareToken: 't1' });
  expect(store.getState().history.map((e) => e.route.screen)).toEqual(['home', 'conversations', 'conversation']);
});

test('reports page-changed only when the page name changes', () => {
  const { host, store } = setup();
  store.navigate({ screen: 'news' });
  store.navigate({ screen: 'news-article', id: 'n1' });
  store.replace({ screen: 'news-article', id: 'n2' });
  store.back();
  expect(host.sentData('page-changed')).toEqual([{ name: 'news' }, { name: 'newsdetails' }, { name: 'news' }]);
});

test('a message with an empty id does nothing', () => {
  const { host, store } = setup();
  host.deliver('open-conversation', { shareToken: '' });
  host.deliver('open-news-article', { id: '' });
  host.deliver('open-help-collection', { collectionId: '' });
  expect(store.getState().history).toHaveLength(1);
});

test('uses overrideLanguage for server content, else the browser language', () => {
  const { host, store } = setup();
  expect(store.getState().language).toBe(navigator.language.toLowerCase());
  host.deliver('config-update', { config: {}, aiTools: [], overrideLanguage: 'pt-BR' });
  expect(store.getState().language).toBe('pt-br');
});

test('session-cleared forgets the session and returns home', () => {
  const { host, store } = setup();
  host.deliver('session-update', { sessionData: { name: 'Ana' }, apiUrl: 'https://api.example', sdkKey: 'k' });
  store.navigate({ screen: 'conversations' });
  host.deliver('session-cleared', undefined);
  expect(store.getState().session).toBeNull();
  expect(currentEntry(store.getState()).route).toEqual({ screen: 'home' });
});

test('keeps the API endpoint when the widget has no session yet', () => {
  const { host, store } = setup();
  host.deliver('session-update', { sessionData: null, apiUrl: 'https://api.example', sdkKey: 'k' });
  expect(store.getState().session).toBeNull();
  expect(store.getState().endpoint).toEqual({ apiUrl: 'https://api.example', sdkKey: 'k' });
});
