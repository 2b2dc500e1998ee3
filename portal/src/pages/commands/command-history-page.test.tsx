import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { acknowledgeResultIn } from '@/mocks/handlers/commands';
import { server } from '@/mocks/node';
import { call } from '@/mocks/test/api-test-client';
import { worldWithGroupOf } from '@/mocks/test/large-group';
import { getWorldDb } from '@/mocks/world/world-instance';
import { createLiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import { topics } from '@/shared/lib/live/topics';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 60_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path = '/command-history') {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp(path, { store }), store, token };
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Command history' }))
    .getAllByRole('row')
    .slice(1);

/** Records the history requests the page makes. */
function watchHistoryRequests(): URL[] {
  const seen: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/commands')) seen.push(url);
  });
  return seen;
}

async function openSendDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Send command' }));
  return screen.findByRole('dialog', { name: 'Send a command' });
}

async function pickVehicle(dialog: HTMLElement, vin: string) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Vehicle' }), vin);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(vin) }));
}

async function pickCommand(dialog: HTMLElement, code: string) {
  const select = within(dialog).getByRole('textbox', { name: 'Command' });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`\\(${code}\\)`) }));
}

describe('command history', () => {
  test('lists the fleet commands newest first with kind, status, vehicle link, sender and payload', async () => {
    await openAs('SA');
    const rows = await dataRows();
    expect(rows.length).toBe(25);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByLabelText(/^Status: (Success|Failed|Pending)/)).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: /^MD/ });
    expect(link.getAttribute('href')).toMatch(/^\/vehicle\/veh-\d+\?tab=commands$/);
    expect(screen.getByRole('columnheader', { name: /Sent by/ })).toBeInTheDocument();
    // The payload is under the command's name, after its code (no column of its own, so the list fits 1440 px).
    const withPayload = rows.find((row) => /[A-Z_]+ · \w+=/.test(row.textContent ?? ''));
    expect(withPayload).toBeDefined();
    expect(screen.queryByRole('columnheader', { name: /Payload/ })).toBeNull();
  });

  test('the kind and status filters go to the server and rule commands name their rule', async () => {
    const seen = watchHistoryRequests();
    const { router } = await openAs('SA');
    await dataRows();
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Rule');
    await userEvent.selectOptions(screen.getByLabelText('Status'), '2');
    await waitFor(() =>
      expect(
        seen.some((u) => u.searchParams.get('filter[kind]') === 'Rule' && u.searchParams.get('filter[status]') === '2'),
      ).toBe(true),
    );
    await waitFor(async () => {
      for (const row of await dataRows()) {
        expect(row).toHaveTextContent('Rule: Critical faults');
        expect(within(row).getByLabelText('Status: Success')).toBeInTheDocument();
      }
    });
    expect(router.state.location.search).toContain('kind=Rule');
    server.events.removeAllListeners();
  });

  test('"Only this" narrows the history to one vehicle, and the chip clears it', async () => {
    const { router } = await openAs('SA');
    const first = (await dataRows())[0] as HTMLElement;
    const vin = within(first).getByRole('link', { name: /^MD/ }).textContent ?? '';
    await userEvent.click(within(first).getByRole('button', { name: `Only this vehicle: commands to ${vin}` }));
    await waitFor(async () => {
      for (const row of await dataRows()) expect(row).toHaveTextContent(vin);
    });
    expect(router.state.location.search).toMatch(/vehicleId=veh-/);
    await userEvent.click(screen.getByRole('button', { name: 'Show every vehicle' }));
    await waitFor(() => expect(router.state.location.search).not.toMatch(/vehicleId/));
  });

  test('says so when nothing matches, and shows an error the server gives', async () => {
    await openAs('SA', '/command-history?to=2000-01-01');
    expect(await screen.findByText('No commands match these filters.')).toBeInTheDocument();
    server.use(
      http.get('*/api/commands', () =>
        HttpResponse.json({ code: 'internal', message: 'The command store is down.' }, { status: 500 }),
      ),
    );
    await openAs('SA', '/command-history?kind=OTA');
    expect(await screen.findByText(/The command store is down\./)).toBeInTheDocument();
  });

  test('a pending row flips to Success when its acknowledgement reaches the store live, without a refetch', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    const db = await getWorldDb();
    const vehicle = db.tables.vehicles.all().find((v) => acknowledgeResultIn(db, { vehicleId: v.id, code: 'LOCATE' }))!;
    const sent = await call('POST', '/commands/send', {
      token,
      body: { target: { vehicleId: vehicle.id }, code: 'LOCATE', expiresInS: 60, idempotencyKey: 'page-test-live-1' },
    });
    const id = sent.body.commands[0].id as string;
    const seen = watchHistoryRequests();
    renderApp('/command-history', { store });
    const row = (await dataRows())[0] as HTMLElement;
    expect(row).toHaveTextContent(vehicle.vin);
    expect(within(row).getByLabelText('Status: Pending')).toBeInTheDocument();
    const requests = seen.length;
    store.getState().setVehicle({
      commandAcknowledge: { [id]: { v: 1, commandId: id, vehicleUid: vehicle.id, status: 2, ts: Date.now() } },
    });
    expect(await within(row).findByLabelText('Status: Success')).toBeInTheDocument();
    expect(seen.length).toBe(requests);
    server.events.removeAllListeners();
  });
});

describe('live acknowledgements, per vehicle', () => {
  test("subscribes to the acknowledgements of the pending rows' vehicles only, and releases each as its row settles", async () => {
    const { store, token } = await signInWithDemoWorld('OEMA');
    const db = await getWorldDb();
    const { items } = (await call('GET', '/vehicles?pageSize=50', { token })).body as { items: { id: string }[] };
    const [a, b] = items.filter((v) => acknowledgeResultIn(db, { vehicleId: v.id, code: 'LOCATE' }));
    const controller = createLiveController({ sink: () => undefined, timerVariant: 'native' });
    // The clock stands still: the server settles a command on read once its device's delay has passed, so the rows
    // stay pending until the test's own acknowledgements.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      const ids: string[] = [];
      for (const vehicle of [a!, b!]) {
        const body = {
          target: { vehicleId: vehicle.id },
          code: 'LOCATE',
          expiresInS: 60,
          idempotencyKey: `ack-${vehicle.id}`,
        };
        const sent = await call('POST', '/commands/send', { token, body });
        ids.push(sent.body.commands[0].id as string);
      }
      // The header's bell listens to the fleet's notifications on every page (decision 0137): the page's own interest is
      // the rest.
      const bell = topics.fleetEventsFilter('notifications');
      const interest = () => controller.getInterest().filter((topic) => topic !== bell);
      renderApp('/command-history?status=1', { store, live: { controller, fleet: createLiveFleet() } });
      expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
      await waitFor(() =>
        expect(interest().sort()).toEqual([topics.commandAck(a!.id), topics.commandAck(b!.id)].sort()),
      );
      expect(interest()).not.toContain(topics.fleetEventsFilter('acks'));

      store.getState().setVehicle({
        commandAcknowledge: { [ids[0]!]: { v: 1, commandId: ids[0]!, vehicleUid: a!.id, status: 2, ts: Date.now() } },
      });
      await waitFor(() => expect(interest()).toEqual([topics.commandAck(b!.id)]));
      store.getState().setVehicle({
        commandAcknowledge: {
          ...store.getState().vehicle.commandAcknowledge,
          [ids[1]!]: { v: 1, commandId: ids[1]!, vehicleUid: b!.id, status: 2, ts: Date.now() },
        },
      });
      await waitFor(() => expect(interest()).toEqual([]));
    } finally {
      clock.mockRestore();
      controller.dispose();
    }
  });
});

describe('who sees what', () => {
  test('a driver has no command history: no menu entry, and the page is forbidden', async () => {
    await openAs('DR', '/command-history');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Command History' })).toBeNull();
  });

  test('a service centre admin lists and exports but cannot send', async () => {
    await openAs('DA');
    await dataRows();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send command' })).toBeNull();
  });

  test('a fleet employee only lists: no export, no send', async () => {
    await openAs('FE');
    await dataRows();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send command' })).toBeNull();
  });
});

describe('sending a command', () => {
  test('checks the parameters field by field, keeps what was typed, then sends', async () => {
    await openAs('SA');
    const dialog = await openSendDialog();
    const db = await getWorldDb();
    const vehicle = db.tables.vehicles.get('veh-000001')!;
    await pickVehicle(dialog, vehicle.vin);
    await pickCommand(dialog, 'SPEED_LIMIT');
    const speed = within(dialog).getByRole('textbox', { name: /Top speed/ });
    await userEvent.type(speed, '300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Set speed limit to the vehicle' }));
    expect(await within(dialog).findByText('Top speed must be at most 120 km/h.')).toBeInTheDocument();
    expect(speed).toHaveValue('300');
    await userEvent.clear(speed);
    await userEvent.type(speed, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Set speed limit to the vehicle' }));
    expect(await screen.findByText('Set speed limit sent to 1 vehicle')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a command' })).toBeNull());
    const sent = db.tables.commands
      .all()
      .find((c) => c.vehicleId === vehicle.id && c.code === 'SPEED_LIMIT' && c.status === 1);
    expect(sent?.payload).toEqual({ speedKmh: 60 });
  });

  test('a safety-critical command is sent only after the registration is typed', async () => {
    await openAs('SA');
    const db = await getWorldDb();
    const before = db.tables.commands.size;
    const vehicle = db.tables.vehicles.get('veh-000002')!;
    const dialog = await openSendDialog();
    await pickVehicle(dialog, vehicle.vin);
    await pickCommand(dialog, 'REMOTE_STOP');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Ramp-down time/ }), '10');
    const send = within(dialog).getByRole('button', { name: 'Send Remote stop to the vehicle' });
    await userEvent.click(send);
    expect(await within(dialog).findByText(`Type ${vehicle.registrationNumber} to confirm.`)).toBeInTheDocument();
    expect(db.tables.commands.size).toBe(before);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: `Type ${vehicle.registrationNumber} to confirm` }),
      vehicle.registrationNumber,
    );
    await userEvent.click(send);
    expect(await screen.findByText('Remote stop sent to 1 vehicle')).toBeInTheDocument();
    expect(db.tables.commands.size).toBe(before + 1);
  });

  test('sends to the vehicles of the current filter', async () => {
    await openAs('SA', '/command-history?kind=OTA&status=3');
    await dataRows();
    const dialog = await openSendDialog();
    await userEvent.click(within(dialog).getByText('Filtered vehicles'));
    expect(within(dialog).getByText(/kind OTA, status Failed/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/vehicles? in this target/)).toBeInTheDocument();
    await pickCommand(dialog, 'LOCATE');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Send Locate to \d+ vehicles?$/ }));
    expect(await screen.findByText(/^Locate sent to \d+ vehicles?$/)).toBeInTheDocument();
  });
});

describe('a send to 500 vehicles', () => {
  test('a group of 500 gets 500 pending commands, listed, and each flips as its acknowledgement arrives live', async () => {
    const { db, groupId } = await worldWithGroupOf(500, 'LOCATE');
    const group = db.tables.deviceGroups.get(groupId)!;
    const before = db.tables.commands.size;
    const { store, token } = await openAs('SA', '/command-history?status=1');
    expect(await screen.findByText('No commands match these filters.')).toBeInTheDocument();

    const dialog = await openSendDialog();
    await userEvent.click(within(dialog).getByText('A device group'));
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Device group' }));
    await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${group.name} · `) }));
    expect(await within(dialog).findByText(/^500 vehicles in this target/)).toBeInTheDocument();
    await pickCommand(dialog, 'LOCATE');
    // The clock stands still from the send on: the server settles a command on read once its device's delay has
    // passed, so only the live path below can flip a row, and the pending history holds all 500 however slow the run.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send Locate to 500 vehicles' }));
      expect(await screen.findByText('Locate sent to 500 vehicles')).toBeInTheDocument();
      expect(db.tables.commands.size).toBe(before + 500);

      // The send invalidates every command list: the pending history shows the 500, a page at a time.
      expect(await screen.findByText('1–25 of 500', {}, { timeout: 10_000 })).toBeInTheDocument();
      const rows = await dataRows();
      expect(rows).toHaveLength(25);
      for (const row of rows) expect(within(row).getByLabelText('Status: Pending')).toBeInTheDocument();

      // Their acknowledgements arrive live, in one store write as a live batch makes it; the server still answers
      // Pending, and each row on screen flips to what its vehicle answered.
      const sent = db.tables.commands.all().filter((c) => c.code === 'LOCATE' && c.status === 1);
      expect(sent).toHaveLength(500);
      expect((await call('GET', `/commands/${sent[0]!.id}`, { token })).body.status).toBe(1);
      const answers = sent.map((c) => ({ c, status: acknowledgeResultIn(db, c) }));
      store.getState().setVehicle({
        commandAcknowledge: Object.fromEntries(
          answers.flatMap(({ c, status }) =>
            status === null
              ? []
              : [[c.id, { v: 1 as const, commandId: c.id, vehicleUid: c.vehicleId, status, ts: Date.now() }]],
          ),
        ),
      });
      const statusByVin = new Map(answers.map(({ c, status }) => [db.tables.vehicles.get(c.vehicleId)!.vin, status]));
      const labels = { 2: 'Status: Success', 3: 'Status: Failed' } as const;
      await waitFor(() => {
        for (const row of rows) {
          const vin = [...statusByVin.keys()].find((v) => row.textContent?.includes(v));
          expect(vin).toBeDefined();
          const status = statusByVin.get(vin ?? '');
          expect(within(row).getByLabelText(status ? labels[status] : 'Status: Pending')).toBeInTheDocument();
        }
      });
    } finally {
      clock.mockRestore();
    }
  });
});
