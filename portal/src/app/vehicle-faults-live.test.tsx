// A fault raised live by the simulated vehicle while its details page is open (issue 19): the demo server stores it
// before the telemetry that carries it goes out, the page announces it and its faults tab lists it, through the real
// mqtt.js client, live controller and MSW's WebSocket interception, as in demo mode.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyLiveBatch } from '@/app/live-wiring';
import { createHandlers } from '@/mocks/handlers';
import { type BrokerEmulator, createBrokerEmulator } from '@/mocks/live/broker-emulator';
import { createFleetSimulator } from '@/mocks/live/fleet-simulator.js';
import { liveHandlers } from '@/mocks/live/live-handlers';
import { server } from '@/mocks/node';
import { liveFaultOptions } from '@/mocks/world/live-faults';
import { getWorldDb } from '@/mocks/world/world-instance';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { createLiveController, type LiveController } from '@/shared/lib/live/live-controller';
import { createLiveFleet } from '@/shared/lib/live/live-fleet';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

const URL = 'ws://127.0.0.1:9001';

/** A vehicle of the demo world that the simulator (seed 1) starts driving: only a driving vehicle raises faults. */
function drivingVehicle(): string {
  const sim = createFleetSimulator({ region: DEMO_REGION, seed: 1, faultRate: 0 });
  for (let i = 1; i <= 50; i += 1) {
    const id = `veh-${String(i).padStart(6, '0')}`;
    sim.step([id], 0);
    const [message] = sim.step([id], 1000);
    if (message && (message.payload.speed as number) > 0) return id;
  }
  throw new Error('no driving vehicle among the first 50');
}

const VEHICLE = drivingVehicle();
let emulator: BrokerEmulator;
let controller: LiveController | null = null;

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);
beforeEach(async () => {
  // The world of this test (each test gets a fresh one). The first driving second raises one fault from the vehicle's
  // catalogue, so the test does not wait for chance; then no more.
  const world = liveFaultOptions(await getWorldDb());
  let raised = false;
  emulator = createBrokerEmulator({
    vehicleIds: () => [VEHICLE],
    faultRate: 1000,
    onFaults: world.onFaults,
    faultsOf: (id) => {
      if (raised) return [];
      raised = true;
      return world.faultsOf(id);
    },
  });
  server.use(...createHandlers(), ...liveHandlers({ url: URL, emulator }));
});
afterEach(() => {
  controller?.dispose();
  controller = null;
  emulator.dispose();
});

test('a fault raised live is announced and appears in the faults tab, stored on the server', async () => {
  const db = await getWorldDb();
  const before = new Set(db.tables.faults.all().map((f) => f.id));
  const store = createTestStore();
  await signInWithApi(store, 'SA');
  controller = createLiveController({ sink: (batch) => applyLiveBatch(store, batch), timerVariant: 'native' });
  controller.connect({ url: URL, username: 'sa', token: store.getState().auth.token ?? '' });
  renderApp(`/vehicle/${VEHICLE}?tab=faults`, { store, live: { controller, fleet: createLiveFleet() } });
  const table = await screen.findByRole('table', { name: 'Faults and alerts' });

  const announced = await screen.findByText(/^New (fault|alert): /, undefined, { timeout: 10_000 });
  const fresh = db.tables.faults.all().filter((f) => !before.has(f.id));
  expect(fresh).toHaveLength(1);
  const stored = fresh[0];
  expect(stored).toMatchObject({ vehicleId: VEHICLE, clearedAt: null, acknowledgedAt: null });
  expect(announced.textContent).toContain(stored?.name);
  // The newest fault heads the list once the list is read again.
  await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(stored?.code ?? '?'), {
    timeout: 10_000,
  });
});
