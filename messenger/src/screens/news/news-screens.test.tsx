import { screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { renderMessenger } from '../../test/render-messenger';
import { mock } from '../../test/msw-server';
// The app loads these screens with import(); loading them up front keeps the first test of the file fast.
import './news-screen';
import './news-article-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

test('the News tab lists the news with preview and sender', async () => {
  view = renderMessenger();
  await view.user.click(screen.getByRole('button', { name: 'News' }));
  const first = await screen.findByRole('button', { name: /Live map for 10,000 vehicles/ });
  expect(first).toHaveTextContent('The map now clusters.');
  expect(first).toHaveTextContent('Maya');
  expect(screen.getByRole('button', { name: /Dark mode/ })).toBeInTheDocument();
});

test('opening an article switches the widget to extended mode and leaving returns it', async () => {
  view = renderMessenger();
  view.deliver('open-news', {});
  await view.user.click(await screen.findByRole('button', { name: /Dark mode/ }));
  expect(await screen.findByText('Dark mode is here.')).toBeInTheDocument();
  expect(view.host.sentData('page-changed').at(-1)).toEqual({ name: 'newsdetails' });
  await view.user.click(screen.getByRole('button', { name: 'Back' }));
  expect(view.host.sentData('page-changed').at(-1)).toEqual({ name: 'news' });
});

test('open-news-article opens the article by id', async () => {
  view = renderMessenger();
  view.deliver('open-news-article', { id: 'n-2' });
  expect(await screen.findByRole('heading', { name: 'Live map for 10,000 vehicles' })).toBeInTheDocument();
});

test('no news says so', async () => {
  mock.store.news = [];
  view = renderMessenger();
  view.deliver('open-news', {});
  expect(await screen.findByText('No news yet.')).toBeInTheDocument();
});
