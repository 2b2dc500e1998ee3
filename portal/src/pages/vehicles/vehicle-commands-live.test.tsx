// A command sent from the vehicle details page, acknowledged live: the real mqtt.js client and live controller talk
// through MSW's WebSocket interception to the in-page broker emulation, as in demo mode.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
const VEHICLE = 'veh-000018';
const emulator = createBrokerEmulator({ vehicleIds: () => [VEHICLE] });
let controller: LiveController | null = null;

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

/** A command id whose simulated device answers `result` (the demo fixes the answer per id). */
function uuidAnswering(result: 2 | 3): `${string}-${string}-${string}-${string}-${string}` {
  for (let i = 0; i < 1000; i++) {
    const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` as const;
    if (acknowledgeResultOf(`cmd-${uuid}`) === result) return uuid;
  }
  throw new Error('no id found');
}

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

async function sendFirstCommand() {
  await userEvent.click(screen.getByRole('textbox', { name: 'Command' }));
  const options = await screen.findAllByRole('option');
  await userEvent.click(options[0]!);
  await userEvent.click(screen.getByRole('button', { name: 'Send command' }));
}

test('a sent command shows Pending, then Success when its acknowledgement arrives live', async () => {
  const uuid = uuidAnswering(2);
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(uuid);
  const store = await openCommandsTab();
  await sendFirstCommand();
  const row = await waitFor(() => {
    const found = document.querySelector(`[data-command-id="cmd-${uuid}"]`);
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  expect(within(row).getByLabelText('Status: Pending')).toBeInTheDocument();
  await waitFor(() => expect(within(row).getByLabelText('Status: Success')).toBeInTheDocument(), { timeout: 4000 });
  // It came over the live connection (the REST history settles later), and the store keeps it by command id.
  expect(store.getState().vehicle.commandAcknowledge).toMatchObject({ [`cmd-${uuid}`]: { status: 2 } });
});

test('a command the device rejects shows Failed when its acknowledgement arrives live', async () => {
  const uuid = uuidAnswering(3);
  vi.spyOn(crypto, 'randomUUID').mockReturnValue(uuid);
  const store = await openCommandsTab();
  await sendFirstCommand();
  await waitFor(
    () => expect(store.getState().vehicle.commandAcknowledge).toMatchObject({ [`cmd-${uuid}`]: { status: 3 } }),
    {
      timeout: 4000,
    },
  );
  const row = document.querySelector(`[data-command-id="cmd-${uuid}"]`) as HTMLElement;
  expect(within(row).getByLabelText('Status: Failed')).toBeInTheDocument();
});
