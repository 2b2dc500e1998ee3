// The portal's live controller alone in a page, for browser tests and the live benchmark.
// Query: ?url=ws://127.0.0.1:9001 [&mode=demo&rate=1&demoUrl=…] [&user=…&token=…]
// mode=demo answers the WebSocket with MSW and the in-page broker emulation, exactly as the demo build does; the
// emulated URL is `demoUrl` (default: `url`), so a test can check that other URLs still reach a real broker.
import { setupWorker } from 'msw/browser';
import { createBrokerEmulator } from '../../../../portal/src/mocks/live/broker-emulator';
import { liveHandlers } from '../../../../portal/src/mocks/live/live-handlers';
import { createLiveController } from '../../../../portal/src/shared/lib/live/live-controller';
import { topics, vehicleDetailTopics, viewportTopics } from '../../../../portal/src/shared/lib/live/topics';

const params = new URLSearchParams(location.search);
const url = params.get('url') ?? 'ws://127.0.0.1:9001';

const state = {
  batches: 0,
  vehicleUpdates: 0,
  devices: [],
  events: [],
  /** Message timestamp to sink, ms, per vehicle update. */
  latencies: [],
  lastVehicles: {},
  connectionStates: [],
  longTasks: [],
};

if ('PerformanceObserver' in window) {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // longtask entries are Chromium-only; the tests that need them run in Chromium.
  }
}

let emulator = null;
if (params.get('mode') === 'demo') {
  emulator = createBrokerEmulator({ rateHz: Number(params.get('rate') ?? 1) });
  const worker = setupWorker(...liveHandlers({ url: params.get('demoUrl') ?? url, emulator }));
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
}

const controller = createLiveController({
  sink(batch) {
    const now = Date.now();
    state.batches++;
    state.vehicleUpdates += batch.vehicles.length;
    for (const v of batch.vehicles) {
      state.latencies.push(now - v.ts);
      state.lastVehicles[v.vehicleUid] = v;
    }
    for (const d of batch.devices) state.devices.push(d);
    for (const e of batch.events) state.events.push(e);
  },
});

const badge = document.getElementById('connection');
controller.subscribeConnection(() => {
  const { state: connection } = controller.getConnection();
  state.connectionStates.push(connection);
  if (badge) badge.textContent = connection;
});

window.__live = { state, controller, topics, vehicleDetailTopics, viewportTopics, emulator };
controller.connect({ url, username: params.get('user') ?? undefined, token: params.get('token') ?? undefined });
document.body.dataset.ready = 'true';
