import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { call } from '@/mocks/test/api-test-client';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp(path, { store }), store, token };
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Tickets' }))
    .getAllByRole('row')
    .slice(1);

/** Records the ticket list requests the page makes. */
function watchTicketRequests(): URL[] {
  const seen: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/tickets')) seen.push(url);
  });
  return seen;
}

/** An option of an open Mantine combobox (the filter bar's native selects have options too). */
async function comboOption(name: RegExp): Promise<HTMLElement> {
  const options = await screen.findAllByRole('option', { name }, { timeout: 5000 });
  const option = options.find((o) => o.tagName !== 'OPTION');
  if (!option) throw new Error(`no combobox option ${name}`);
  return option;
}

async function openDrawerOf(ref: string, searched = true) {
  // After a search, wait for the list to narrow down so the click lands on the row that stays.
  if (searched) await waitFor(async () => expect(await dataRows()).toHaveLength(1), { timeout: 10_000 });
  const rows = await dataRows();
  const row = rows.find((r) => r.textContent?.includes(ref));
  if (!row) throw new Error(`no row for ${ref}`);
  await userEvent.click(within(row).getByText(ref));
  return screen.findByRole('dialog', { name: new RegExp(ref) }, { timeout: 10_000 });
}

describe('/tickets as the super admin', () => {
  test('lists the seeded tickets with status, priority and an overdue SLA timer', async () => {
    await openAs('SA', '/tickets');
    const db = await getWorldDb();
    await waitFor(async () => expect((await dataRows()).length).toBe(Math.min(25, db.tables.tickets.size)));
    const table = screen.getByRole('table', { name: 'Tickets' });
    expect(within(table).getAllByText(/^Overdue by /).length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Hold').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'New ticket' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  test('the state tab is the detail-tab group ticket_state_filter and clears the other details filters', async () => {
    const seen = watchTicketRequests();
    const { store } = await openAs('SA', '/tickets');
    store.getState().setDetailsFilter('fault_data', [3]);
    await dataRows();
    await userEvent.click(screen.getByRole('radio', { name: 'Hold' }));
    expect(store.getState().detailTab).toMatchObject({ ticket_state_filter: 3, fault_data: null });
    await waitFor(() => expect(seen.some((u) => u.searchParams.get('filter[status]') === '3')).toBe(true));
    await waitFor(async () => {
      const rows = await dataRows();
      expect(rows.every((r) => within(r).queryByText('Hold') !== null)).toBe(true);
    });
  });

  test('the priority filter and the search reach the server', async () => {
    const seen = watchTicketRequests();
    const { router } = await openAs('SA', '/tickets');
    await dataRows();
    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'critical');
    await waitFor(() => expect(router.state.location.search).toContain('priority=critical'));
    await waitFor(() => expect(seen.some((u) => u.searchParams.get('filter[priority]') === 'critical')).toBe(true));
    await waitFor(async () => {
      const rows = await dataRows();
      expect(rows.every((r) => within(r).queryByText('Critical') !== null)).toBe(true);
    });
  });

  test('opens a ticket by hand: field errors first, then the new ticket in its drawer', async () => {
    await openAs('SA', '/tickets');
    await userEvent.click(await screen.findByRole('button', { name: 'New ticket' }));
    const modal = await screen.findByRole('dialog', { name: 'New ticket' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Open ticket' }));
    expect(await within(modal).findByText('Choose the vehicle.')).toBeInTheDocument();
    expect(within(modal).getByText('Enter a title.')).toBeInTheDocument();
    expect(within(modal).getByText('Describe what is wrong.')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('textbox', { name: 'Vehicle' }));
    await userEvent.click(await comboOption(/ · KA/));
    await userEvent.type(within(modal).getByRole('textbox', { name: 'Title' }), 'Door will not lock');
    await userEvent.type(within(modal).getByRole('textbox', { name: 'What is wrong' }), 'Since this morning.');
    await userEvent.click(within(modal).getByRole('button', { name: 'Open ticket' }));
    const drawer = await screen.findByRole('dialog', { name: /TCK-\d+: Door will not lock/ }, { timeout: 10_000 });
    expect(within(drawer).getByText('New')).toBeInTheDocument();
  });
});

describe('working a ticket', () => {
  test('a service centre admin moves a ticket only by the allowed moves and assigns it', async () => {
    const { token } = await openAs('DA', '/tickets');
    const created = await call('POST', '/tickets', {
      token,
      body: { title: 'Seat loose', description: 'Rattles.', priority: 'low', vehicleId: 'veh-000001' },
    });
    const ref = created.body.ref as string;
    await userEvent.type(await screen.findByRole('textbox', { name: /Search tickets/ }), ref);
    const drawer = await openDrawerOf(ref);
    const moves = within(drawer).getByRole('group', { name: 'Status moves' });
    expect(
      within(moves)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start work', 'Put on hold', 'Close', 'Delete']);
    await userEvent.click(within(moves).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).not.toContain('Put on hold'),
    );
    // Both clocks (first response, resolution) pause on Hold.
    expect(within(drawer).getAllByText(/^Paused, /)).toHaveLength(2);
    await userEvent.click(within(drawer).getByRole('textbox', { name: 'Assignee' }));
    await userEvent.click(await comboOption(/\(DE\)/));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save assignment' }));
    await waitFor(async () => {
      const db = await getWorldDb();
      expect(db.tables.tickets.get(created.body.id)?.assigneeId).toBe('usr-de');
    });
  });

  test('a service centre employee has no Delete move and no assignment controls', async () => {
    const { token } = await openAs('DE', '/employee/tickets');
    const created = await call('POST', '/tickets', {
      token,
      body: { title: 'Mirror cracked', description: 'Left side.', priority: 'low', vehicleId: 'veh-000001' },
    });
    const ref = created.body.ref as string;
    await userEvent.type(await screen.findByRole('textbox', { name: /Search tickets/ }), ref);
    const drawer = await openDrawerOf(ref);
    const moves = within(drawer).getByRole('group', { name: 'Status moves' });
    expect(within(moves).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(moves).getByRole('button', { name: 'Start work' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save assignment' })).toBeNull();
  });

  test('an attachment over the size limit is refused with a clear message before sending', async () => {
    const { token } = await openAs('SA', '/tickets');
    const created = await call('POST', '/tickets', {
      token,
      body: { title: 'Photo ticket', description: 'x', priority: 'low', vehicleId: 'veh-000001' },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Search tickets/ }), created.body.ref);
    const drawer = await openDrawerOf(created.body.ref);
    const big = new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' });
    const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, big);
    expect(
      await within(drawer).findByText('big.png is 600 KB; attachments may be at most 512 KB.'),
    ).toBeInTheDocument();
  });
});

describe('/driver/tickets and /ev-owner/tickets', () => {
  test('a driver sees only their tickets, replies but never internal notes, and no status moves', async () => {
    const db = await getWorldDb();
    const seeded = db.tables.tickets.all().find((t) => t.vehicleId === 'veh-000002' && t.messages.length === 2);
    if (!seeded) throw new Error('no seeded ticket with a note on the driver vehicle');
    await openAs('DR', '/driver/tickets');
    expect(screen.queryByLabelText('Assignee')).toBeNull();
    const rows = await dataRows();
    expect(rows.length).toBeGreaterThan(0);
    const drawer = await openDrawerOf(seeded.ref, false);
    expect(await within(drawer).findByText(/We are looking at the telemetry/)).toBeInTheDocument();
    expect(within(drawer).queryByText(/Internal:/)).toBeNull();
    expect(within(drawer).queryByRole('group', { name: 'Status moves' })).toBeNull();
    expect(within(drawer).queryByRole('radio', { name: 'Internal note' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Send reply' })).toBeInTheDocument();
  });

  test('an EV owner sees the tickets of their own vehicles', async () => {
    await openAs('EVO', '/ev-owner/tickets');
    const rows = await dataRows();
    const db = await getWorldDb();
    const mine = db.tables.tickets.all().filter((t) => db.tables.vehicles.get(t.vehicleId)?.evOwnerId === 'evo-000001');
    expect(rows.length).toBe(Math.min(25, mine.filter((t) => t.status !== 5).length));
  });
});

describe('opening from elsewhere', () => {
  test("a fault of the vehicle's faults tab opens the driver's new-ticket form filled from it", async () => {
    const db = await getWorldDb();
    const fault = db.tables.faults.all().find((f) => db.tables.vehicles.get(f.vehicleId)?.driverId === 'drv-00001');
    if (!fault) throw new Error('the demo world changed: no vehicle of the demo driver has a fault');
    const { router } = await openAs('DR', `/vehicle/${fault.vehicleId}?tab=faults`);
    const table = await screen.findByRole('table', { name: 'Faults and alerts' }, { timeout: 10_000 });
    const buttons = within(table).getAllByRole('link', { name: /^Open ticket for / });
    expect(buttons.length).toBeGreaterThan(0);
    await userEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/driver/tickets'));
    expect(router.state.location.search).toContain('source=fault');
    const modal = await screen.findByRole('dialog', { name: 'New ticket' });
    expect(within(modal).getByRole('textbox', { name: 'Title' })).not.toHaveValue('');
  });
});
