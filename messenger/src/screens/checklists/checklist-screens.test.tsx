import { screen, within } from '@testing-library/react';
import { failNext } from '@voltline/widget/mock';
import { afterEach, expect, test } from 'vitest';
import { mock } from '../../test/msw-server';
import { renderMessenger } from '../../test/render-messenger';
// The app loads these screens with import(); loading them up front keeps the first test of the file fast.
import './checklists-screen';
import './checklist-screen';

let view: ReturnType<typeof renderMessenger> | undefined;
afterEach(() => {
  view?.cleanup();
  view = undefined;
});

test('open-checklists lists the checklists with their progress', async () => {
  view = renderMessenger();
  view.deliver('open-checklists', {});
  expect(await screen.findByRole('button', { name: /Set up your fleet/ })).toHaveTextContent('1 of 5 steps done');
});

test('no checklists says so', async () => {
  mock.store.checklists = [];
  view = renderMessenger();
  view.deliver('open-checklists', {});
  expect(await screen.findByText('No checklists yet.')).toBeInTheDocument();
});

test('open-checklist shows the steps with their done state and the progress', async () => {
  view = renderMessenger();
  view.deliver('open-checklist', { id: 'cl-onboarding' });
  expect(await screen.findByRole('heading', { name: 'Set up your fleet' })).toBeInTheDocument();
  expect(screen.getByText('1 of 5 steps done')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: /^Create your account\s*\(done\)$/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: /^Pair a battery\s*\(to do\)$/ })).toBeInTheDocument();
});

test('marking a step done stores it and moves the progress', async () => {
  view = renderMessenger();
  view.deliver('open-checklist', { id: 'cl-onboarding' });
  await view.user.click(await screen.findByRole('button', { name: 'Mark "Open the live map" as done' }));
  expect(await screen.findByText('2 of 5 steps done')).toBeInTheDocument();
  expect(mock.store.checklists[0]?.steps.find((s) => s.id === 's-map')?.done).toBe(true);
});

test('a failed step update shows the error', async () => {
  failNext(mock.store, 'POST /checklists/cl-onboarding/steps/s-map/done', 500);
  view = renderMessenger();
  view.deliver('open-checklist', { id: 'cl-onboarding' });
  await view.user.click(await screen.findByRole('button', { name: 'Mark "Open the live map" as done' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('mock failure');
  expect(screen.getByText('1 of 5 steps done')).toBeInTheDocument();
});

test('step actions open a URL, run a custom action and open an article', async () => {
  view = renderMessenger();
  view.deliver('open-checklist', { id: 'cl-onboarding' });
  await view.user.click(await screen.findByRole('button', { name: 'Open the map' }));
  expect(view.host.sent().find((m) => m.name === 'open-url')).toMatchObject({
    data: 'https://app.example/map',
    newTab: true,
  });
  await view.user.click(screen.getByRole('button', { name: 'Alert settings' }));
  expect(view.host.sentData('run-custom-action')).toEqual(['openAlertSettings']);
  await view.user.click(screen.getByRole('button', { name: 'Read how' }));
  const article = await screen.findByRole('article');
  expect(within(article).getByRole('heading', { name: 'Pair a battery with a vehicle' })).toBeInTheDocument();
});

test('a tour step asks the widget to start the product tour', async () => {
  view = renderMessenger();
  view.deliver('open-checklist', { id: 'cl-onboarding' });
  await view.user.click(await screen.findByRole('button', { name: 'Start the tour' }));
  expect(view.host.sentData('start-product-tour')).toEqual([{ tourId: 'demo-tour' }]);
});

test('start-checklist starts the checklist of the outbound id', async () => {
  view = renderMessenger();
  view.deliver('start-checklist', { outboundId: 'billing-setup' });
  expect(await screen.findByRole('heading', { name: 'Set up billing' })).toBeInTheDocument();
  expect(screen.getByText('0 of 1 steps done')).toBeInTheDocument();
  expect(mock.store.checklists.some((c) => c.outboundId === 'billing-setup')).toBe(true);
});

test('an unknown checklist shows the error with a retry', async () => {
  view = renderMessenger();
  view.deliver('open-checklist', { id: 'cl-gone' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
