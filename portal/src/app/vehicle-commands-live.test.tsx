// A command sent from the vehicle details page, acknowledged live: the real mqtt.js client and live controller talk
// through MSW's WebSocket interception to the in-page broker emulation, as in demo mode.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLiveBatch } from '@/app/live-wiring';
import { createHandlers } from '@/mocks/handlers';
import { acknowledgeResultOf } from '@/mocks/handlers/commands';
import { createBrokerEmulator } from '@/mocks/live/broker-emulator';
import { liveHandlers } from '@/mocks/live/live-handlers';
import { server } from '@/mocks/node';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

const URL = 'ws://127.0.0.1:9001';
const VEHICLE = 'veh-000013';
const emulator = createBrokerEmulator({ vehicleIds: () => [VEHICLE] });
let controller: LiveController | null = null;

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);
beforeEach(() =>
  server.use(...createHandlers(undefined, { commands: { broker: emulator } }), ...liveHandlers({ url: URL, emulator })),
);
afterEach(() => {
  controller?.dispose();
  controller = null;
  vi.restoreAllMocks();
});
afterAll(() => emulator.dispose());

/** The vehicle model's commands without parameters or confirmation; veh-000013 (online) accepts one and rejects the other. */
const PLAIN = ['LOCATE', 'MOBILIZE'];
function codeAnswering(result: 2 | 3): string {
  const code = PLAIN.find((c) => acknowledgeResultOf({ vehicleId: VEHICLE, code: c }, true) === result);
  if (!code) throw new Error(`no command of ${VEHICLE} answers ${result}`);
  return code;
}

const UUID = '00000000-0000-4000-8000-000000000001' as const;
const OTHER_UUID = '00000000-0000-4000-8000-000000000002' as const;

async function openCommandsTab() {
  const store = createTestStore();
  await signInWithApi(store, 'SA');
  controller = createLiveController({ sink: (batch) => applyLiveBatch(store, batch), timerVariant: 'native' });
  controller.connect({ url: URL, username: 'sa', token: store.getState().auth.token ?? '' });
  renderApp(`/vehicle/${VEHICLE}?tab=commands`, { store, live: { controller, fleet: createLiveFleet() } });
  await screen.findByRole('table', { name: 'Command history' });
  // The page's interest reaches the emulated broker before anything is sent.
  await waitFor(() => expect(emulator.stats().subscriptions).toBeGreaterThan(0));
  return store;
}

async function sendCommand(code: string) {
  await userEvent.click(screen.getByRole('textbox', { name: 'Command' }));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`\\(${code}\\)`) }));
  await userEvent.click(screen.getByRole('button', { name: 'Send command' }));
}

test('a sent command shows Pending, then Success when its acknowledgement arrives live', async () => {
  const uuid = UUID;
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(uuid);
  const store = await openCommandsTab();
  await sendCommand(codeAnswering(2));
  const row = await waitFor(() => {
    const found = document.querySelector(`[data-command-id="cmd-${uuid}"]`);
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  expect(within(row).getByLabelText('Status: Pending')).toBeInTheDocument();
  await waitFor(() => expect(within(row).getByLabelText('Status: Success')).toBeInTheDocument(), { timeout: 8000 });
  // It came over the live connection (the REST history settles later), and the store keeps it by command id.
  expect(store.getState().vehicle.commandAcknowledge).toMatchObject({ [`cmd-${uuid}`]: { status: 2 } });
});

test('while live, the tab does not poll for a pending command: its status arrives on the acknowledgement topic', async () => {
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(OTHER_UUID);
  const store = await openCommandsTab();
  await waitFor(() => expect(controller?.getConnection().state).toBe('online'));
  // The tab's reads of the command list: a handler ahead of the demo's that only counts, then falls through to it.
  const reads: number[] = [];
  server.use(
    http.get('*/api/commands', () => {
      reads.push(Date.now());
    }),
  );
  await sendCommand(codeAnswering(2));
  const row = await waitFor(
    () => {
      const found = document.querySelector(`[data-command-id="cmd-${OTHER_UUID}"]`);
      expect(found).not.toBeNull();
      return found as HTMLElement;
    },
    { timeout: 5000 },
  );
  expect(within(row).getByLabelText('Status: Pending')).toBeInTheDocument();
  await waitFor(() => expect(within(row).getByLabelText('Status: Success')).toBeInTheDocument(), { timeout: 8000 });
  expect(store.getState().vehicle.commandAcknowledge).toMatchObject({ [`cmd-${OTHER_UUID}`]: { status: 2 } });
  // The send's own refetch listed it Pending; no read followed: a poll would have come 5 s after it.
  expect(reads.length).toBeGreaterThan(0);
  const sentRead = reads.at(-1) ?? 0;
  const pollDue = sentRead + 5000 + 500;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, pollDue - Date.now())));
  expect(reads.filter((t) => t > sentRead)).toEqual([]);
});

test('a command the device rejects shows Failed when its acknowledgement arrives live', async () => {
  const uuid = UUID;
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(uuid);
  const store = await openCommandsTab();
  await sendCommand(codeAnswering(3));
  await waitFor(
    () => expect(store.getState().vehicle.commandAcknowledge).toMatchObject({ [`cmd-${uuid}`]: { status: 3 } }),
    {
      timeout: 8000,
    },
  );
  const row = document.querySelector(`[data-command-id="cmd-${uuid}"]`) as HTMLElement;
  expect(within(row).getByLabelText('Status: Failed')).toBeInTheDocument();
});

test('a safety-critical command chosen on the Commands tab opens its form for this vehicle: parameters, then typed confirmation', async () => {
  await openCommandsTab();
  await userEvent.click(screen.getByRole('textbox', { name: 'Command' }));
  await userEvent.click(await screen.findByRole('option', { name: /\(IMMOBILIZE\)/ }));
  expect(screen.queryByRole('button', { name: 'Send command' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Fill in and send…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send a command' });
  // No target to choose: the form sends to this vehicle, with the command already chosen.
  expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
  const confirm = await within(dialog).findByRole('textbox', { name: /^Type .+ to confirm$/ });
  const labelId = confirm.getAttribute('id');
  const label = document.querySelector(`label[for="${labelId}"]`)?.textContent ?? '';
  const word = label.replace(/^Type (.+) to confirm.*$/, '$1');
  expect(word).toMatch(/^\S+$/);
  const submit = within(dialog).getByRole('button', { name: 'Send Immobilize to the vehicle' });
  await userEvent.click(submit);
  expect(await within(dialog).findByText('Reason is required.')).toBeInTheDocument();
  expect(within(dialog).getByText(`Type ${word} to confirm.`)).toBeInTheDocument();
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Reported stolen');
  await userEvent.type(confirm, word);
  await userEvent.click(submit);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a command' })).not.toBeInTheDocument());
  const table = screen.getByRole('table', { name: 'Command history' });
  await waitFor(() =>
    expect(within(within(table).getAllByRole('row')[1] as HTMLElement).getByText('Immobilize')).toBeInTheDocument(),
  );
});
