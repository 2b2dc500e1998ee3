import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(() => import('./notification-history-page'), 60_000);
afterEach(() => {
  vi.useRealTimers();
});

async function openAs(role: RoleCode, path = '/notification-history', before?: (token: string) => Promise<void>) {
  const { store, token } = await signInWithDemoWorld(role);
  await before?.(token);
  return { ...renderApp(path, { store }), token };
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Notifications' }))
    .getAllByRole('row')
    .slice(1);

const bell = () => screen.findByRole('link', { name: /^Notifications: \d+ unacknowledged$/ });
const bellCount = async () => Number((await bell()).getAttribute('aria-label')?.match(/\d+/)?.[0]);

describe('notification history', () => {
  test('lists notifications with severity, rule, vehicle and delivery per channel (a failed one with its error), filtered by channel and status', async () => {
    const { token } = await openAs('SA', '/notification-history?method=4&status=failed');
    const rows = await waitFor(async () => {
      const r = await dataRows();
      expect(r.length).toBeGreaterThan(0);
      return r;
    });
    const [first] = rows;
    expect(within(first!).getByLabelText(/^Severity: /)).toBeInTheDocument();
    expect(first).toHaveTextContent(/Critical faults/);
    expect(first).toHaveTextContent('SMS');
    expect(first).toHaveTextContent('Failed');
    expect(first).toHaveTextContent('The SMS gateway rejected the number');
    expect(within(first!).getByRole('link', { name: /^veh-/ })).toBeInTheDocument();
    const all = await call('GET', '/notifications?filter[method]=4&filter[status]=failed', { token });
    expect(rows).toHaveLength(Math.min(all.body.total, 25));
  });

  test('acknowledging a row takes it off the unacknowledged list and lowers the header count', async () => {
    await openAs('SA', '/notification-history?acknowledged=false');
    const before = await waitFor(async () => {
      const n = await bellCount();
      expect(n).toBeGreaterThan(0);
      return n;
    });
    const [first] = await dataRows();
    await userEvent.click(within(first!).getByRole('button', { name: /^Acknowledge / }));
    await waitFor(async () => expect(await bellCount()).toBe(before - 1));
    expect(screen.getByRole('link', { name: /Notifications: \d+ unacknowledged/ })).toHaveAttribute(
      'href',
      '/notification-history?acknowledged=false',
    );
  });

  test('a new notification appears without a reload, in the list and the header count', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await openAs('SA', '/notification-history');
    await dataRows();
    const before = await bellCount();
    const { token } = await signInWithDemoWorld('SA');
    await call('POST', '/rules', {
      token,
      body: {
        name: 'Live arrival check',
        deviceKind: 'EV',
        scope: 3,
        vehicleId: 'veh-000002',
        conditionOperator: 1,
        conditions: [{ kind: 'telemetry', key: 'soc', comparator: '>=', value: 0 }],
        severity: 3,
        deliveryMethods: 16,
        cooldownSeconds: 600,
      },
    });
    vi.setSystemTime(Date.now() + 15_000);
    await waitFor(async () => expect((await dataRows())[0]).toHaveTextContent('Live arrival check'), {
      timeout: 15_000,
    });
    await waitFor(async () => expect(await bellCount()).toBe(before + 1), { timeout: 15_000 });
  });

  test('a notification opens a ticket: the new-ticket form arrives filled from it, and the ticket links back', async () => {
    const { router, token } = await openAs('SA', '/notification-history');
    const [first] = await waitFor(async () => {
      const r = await dataRows();
      expect(r.length).toBeGreaterThan(0);
      return r;
    });
    const open = within(first!).getByRole('link', { name: /^Open ticket for / });
    const title = open.getAttribute('aria-label')?.replace('Open ticket for ', '') ?? '';
    await userEvent.click(open);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    const notificationId = new URLSearchParams(router.state.location.search).get('notificationId');
    expect(notificationId).toMatch(/^ntf-/);
    const modal = await screen.findByRole('dialog', { name: 'New ticket' });
    expect(within(modal).getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await userEvent.type(
      within(modal).getByRole('textbox', { name: 'What is wrong' }),
      'Seen in the notification history',
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New ticket' })).not.toBeInTheDocument());
    const tickets = await call('GET', '/tickets?filter[source]=notification', { token });
    expect(tickets.body.total).toBe(1);
    const detail = await call('GET', `/tickets/${tickets.body.items[0].id}`, { token });
    expect(detail.body).toMatchObject({ notificationId, title, source: 'notification' });
  });

  test('a dealer employee (read only) sees no acknowledge or export buttons', async () => {
    await openAs('DE');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /^Acknowledge / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Not yet').length).toBeGreaterThan(0);
  });
});
