import { screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { mock } from '../../test/msw-server';
import { renderMessenger } from '../../test/render-messenger';
// The app loads this screen with import(); loading it up front keeps the first test of the file fast.
import './feature-requests-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

async function openFeatureRequests() {
  view = renderMessenger();
  view.deliver('open-feature-requests', {});
  await screen.findByRole('list', { name: 'Feature requests' });
  return view;
}

test('open-feature-requests lists the requests with status and votes, most votes first', async () => {
  await openFeatureRequests();
  const items = within(screen.getByRole('list', { name: 'Feature requests' })).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Export trips as CSV');
  expect(items[0]).toHaveTextContent('Planned');
  expect(within(items[0]!).getByRole('button', { name: 'Vote for Export trips as CSV, 3 votes' })).toBeInTheDocument();
});

test('filtering by status shows only that status', async () => {
  const v = await openFeatureRequests();
  await v.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Done');
  expect(await screen.findByRole('heading', { name: 'Dark mode for the driver app' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Export trips as CSV' })).not.toBeInTheDocument();
});

test('a vote counts once and shows as pressed', async () => {
  const v = await openFeatureRequests();
  const vote = screen.getByRole('button', { name: 'Vote for Alerts by SMS, 1 vote' });
  expect(vote).toHaveAttribute('aria-pressed', 'false');
  await v.user.click(vote);
  const voted = await screen.findByRole('button', { name: 'Vote for Alerts by SMS, 2 votes' });
  expect(voted).toHaveAttribute('aria-pressed', 'true');
  await v.user.click(voted);
  expect(mock.store.featureRequests.find((f) => f.id === 'fr-sms')?.voters).toEqual(['v4', 'g1']);
});

test('a new request needs a title and then appears in the list', async () => {
  const v = await openFeatureRequests();
  await v.user.click(screen.getByRole('button', { name: 'Suggest a feature' }));
  await v.user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(screen.getByText('Give your idea a title of at least 3 characters.')).toBeInTheDocument();
  await v.user.type(screen.getByRole('textbox', { name: 'Title' }), 'Geofences');
  await v.user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('heading', { name: 'Geofences' })).toBeInTheDocument();
  expect(mock.store.featureRequests.at(-1)).toMatchObject({ title: 'Geofences', status: 'open' });
});

test('no requests of a status says so', async () => {
  const v = await openFeatureRequests();
  await v.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In progress');
  expect(await screen.findByText('No feature requests here yet.')).toBeInTheDocument();
});
