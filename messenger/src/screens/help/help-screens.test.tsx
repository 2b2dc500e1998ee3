import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { TEST_API_URL, mock, server } from '../../test/msw-server';
import { renderMessenger } from '../../test/render-messenger';
// The app loads these screens with import(); loading them up front keeps the first test of the file fast.
import './help-screen';
import './help-collection-screen';
import './help-article-screen';
import './help-search-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

test('the Help tab lists the collections with their article counts', async () => {
  view = renderMessenger();
  await view.user.click(screen.getByRole('button', { name: 'Help' }));
  expect(await screen.findByRole('button', { name: /Getting started/ })).toHaveTextContent('2 articles');
  expect(screen.getByRole('button', { name: /Billing/ })).toHaveTextContent('1 article');
});

test('help calls carry the session headers and the language', async () => {
  view = renderMessenger({ config: {}, session: { gleapId: 'g-42', gleapHash: 'h-42' } });
  view.deliver('config-update', { config: {}, aiTools: [], overrideLanguage: 'de-DE' });
  view.deliver('open-helpcenter', {});
  await screen.findByRole('button', { name: /Getting started/ });
  const request = mock.store.calls.at(-1);
  expect(request?.headers['api-token']).toBe('key-1');
  expect(request?.headers['gleap-id']).toBe('g-42');
  expect(request?.headers['gleap-hash']).toBe('h-42');
  expect(new URL(request?.url ?? '').searchParams.get('lang')).toBe('de-de');
});

test('open-help-collection shows that collection and back leads home', async () => {
  view = renderMessenger();
  view.deliver('open-help-collection', { collectionId: 'c-start' });
  expect(await screen.findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Pair a battery/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Update battery firmware/ })).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByRole('button', { name: /^Report a bug\b/ })).toBeInTheDocument();
});

test('an empty collection says it has no articles', async () => {
  view = renderMessenger();
  view.deliver('open-help-collection', { collectionId: 'c-empty' });
  expect(await screen.findByText('This collection has no articles yet.')).toBeInTheDocument();
});

test('an article shows sanitised content: no script, no inline handlers', async () => {
  view = renderMessenger();
  view.deliver('open-help-article', { articleId: 'a-pair' });
  const article = await screen.findByRole('article');
  expect(within(article).getByRole('heading', { name: 'Pair a battery with a vehicle' })).toBeInTheDocument();
  expect(article.querySelector('script')).toBeNull();
  expect(article.querySelector('[onclick]')).toBeNull();
  expect(within(article).getByText('Done.')).toBeInTheDocument();
});

test('an image in an article opens in the widget image viewer', async () => {
  view = renderMessenger();
  view.deliver('open-help-article', { articleId: 'a-pair' });
  await view.user.click(await screen.findByRole('img', { name: 'The pair dialog' }));
  expect(view.host.sentData('open-image')).toEqual([{ url: 'https://cdn.example/pair.png' }]);
});

test('a link in an article opens through the widget in a new tab', async () => {
  view = renderMessenger();
  view.deliver('open-help-article', { articleId: 'a-pair' });
  await view.user.click(await screen.findByRole('link', { name: 'Pair' }));
  const open = view.host.sent().find((m) => m.name === 'open-url');
  expect(open).toMatchObject({ name: 'open-url', data: 'https://docs.example/pair', newTab: true });
});

test('a missing article shows the error and retry loads it again', async () => {
  view = renderMessenger();
  view.deliver('open-help-article', { articleId: 'a-gone' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  mock.store.helpArticles.push({
    id: 'a-gone',
    collectionId: 'c-start',
    title: 'Back again',
    content: '<p>Restored.</p>',
    updatedAt: '2026-11-02T00:00:00.000Z',
  });
  await view.user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
});

test('a server error on the collections shows its message with a retry', async () => {
  server.use(
    http.get(`${TEST_API_URL}/helpcenter/collections`, () =>
      HttpResponse.json({ message: 'Help center is resting.' }, { status: 503 }),
    ),
  );
  view = renderMessenger();
  view.deliver('open-helpcenter', {});
  expect(await screen.findByRole('alert')).toHaveTextContent('Help center is resting.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('an unreachable server is said plainly', async () => {
  server.use(http.get(`${TEST_API_URL}/helpcenter/collections`, () => HttpResponse.error()));
  view = renderMessenger();
  view.deliver('open-helpcenter', {});
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
});

test('searching shows the results with the term highlighted', async () => {
  view = renderMessenger();
  view.deliver('open-helpcenter', {});
  await view.user.type(await screen.findByRole('searchbox', { name: 'Search for help' }), 'battery{Enter}');
  expect(await screen.findByText('2 results')).toBeInTheDocument();
  const marks = document.querySelectorAll('mark');
  expect([...marks].map((m) => m.textContent?.toLowerCase())).toContain('battery');
});

test('open-helpcenter-search runs the search for its term', async () => {
  view = renderMessenger();
  view.deliver('open-helpcenter-search', { term: 'invoice' });
  expect(await screen.findByRole('button', { name: /Download an invoice/ })).toBeInTheDocument();
});

test('a search without results says so', async () => {
  view = renderMessenger();
  view.deliver('open-helpcenter-search', { term: 'teleport' });
  expect(await screen.findByText('No results for “teleport”')).toBeInTheDocument();
});

test('open-helpcenter-search with an empty term does nothing', () => {
  view = renderMessenger();
  view.deliver('open-helpcenter-search', { term: '' });
  expect(screen.getByRole('button', { name: /^Report a bug\b/ })).toBeInTheDocument();
});

test('an image in an article opens from the keyboard too', async () => {
  view = renderMessenger();
  view.deliver('open-help-article', { articleId: 'a-pair' });
  const image = await screen.findByRole('img', { name: 'The pair dialog' });
  image.focus();
  await view.user.keyboard('{Enter}');
  expect(view.host.sentData('open-image')).toEqual([{ url: 'https://cdn.example/pair.png' }]);
});

test('focus moves to the heading of a screen that loads on demand', async () => {
  view = renderMessenger();
  await view.user.click(screen.getByRole('button', { name: 'Help' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Help center' })).toHaveFocus());
});
