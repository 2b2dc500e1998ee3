import { expect, type Page, test } from '@playwright/test';
import { type StartedBroker, startBroker } from '../../servers/broker.mjs';
import { type Publisher, startPublisher } from '../../servers/publisher.mjs';
import { startHarness } from './harness/build-harness.mjs';
import { liveController } from '../../selectors';

// The portal's live controller in Chromium, alone on a harness page (the shell and the live map are built elsewhere):
// against the real aedes broker fed by the publisher, and in demo mode through MSW and the in-page broker emulation.

test.describe.configure({ mode: 'serial' });

let harness: { url: string; close(): Promise<void> };
let harnessUrl: string;
let broker: StartedBroker;
let publisher: Publisher | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startHarness();
  harnessUrl = harness.url;
  broker = await startBroker({ port: 0 });
});

test.afterAll(async () => {
  await publisher?.stop();
  await broker?.close();
  await harness?.close();
});

test.afterEach(async () => {
  await publisher?.stop();
  publisher = null;
});

type HarnessState = {
  batches: number;
  vehicleUpdates: number;
  events: { kind: string; data: Record<string, unknown> }[];
  lastVehicles: Record<string, unknown>;
  connectionStates: string[];
};

/** What the harness page exposes on `window.__live` (e2e/specs/live/harness/main.js). */
type LiveWindow = {
  __live: {
    state: HarnessState;
    controller: { setInterest(owner: string, topics: string[]): void; getStats(): { malformed: number } };
    topics: { vehicleTelemetryFilter(uid: string): string; fleetTelemetryFilter(): string };
    vehicleDetailTopics(uid: string): string[];
    emulator: { sendCommand(request: Record<string, string>): void; stats(): { sessions: number } };
  };
};

const harnessState = (page: Page) => page.evaluate(() => (window as unknown as LiveWindow).__live.state);

const liveStats = (page: Page) => page.evaluate(() => (window as unknown as LiveWindow).__live.controller.getStats());

/** Declares interest as a screen would: one vehicle row, a details page, or the whole fleet map. */
async function setInterest(page: Page, owner: string, kind: 'vehicle' | 'details' | 'fleet', uid = '') {
  await page.evaluate(
    ([o, k, u]) => {
      const live = (window as unknown as LiveWindow).__live;
      const wanted =
        k === 'vehicle'
          ? [live.topics.vehicleTelemetryFilter(u)]
          : k === 'details'
            ? live.vehicleDetailTopics(u)
            : [live.topics.fleetTelemetryFilter()];
      live.controller.setInterest(o, wanted);
    },
    [owner, kind, uid] as const,
  );
}

async function openHarness(page: Page, query: string) {
  await page.goto(`${harnessUrl}?${query}`);
  await expect(page.locator(liveController.harnessBody)).toHaveAttribute('data-ready', 'true');
}

test('against the real broker, the controller goes online and shows it', async ({ page }) => {
  await openHarness(page, `url=${encodeURIComponent(broker.url)}`);
  await expect(page.getByRole(...liveController.liveConnectionStatus)).toHaveText('online');
});

test('against the real broker, telemetry of a vehicle on screen arrives and nothing else', async ({ page }) => {
  publisher = await startPublisher({ url: broker.url, vehicles: 50, rateHz: 4, deviceEveryS: 0 });
  await openHarness(page, `url=${encodeURIComponent(broker.url)}`);
  await setInterest(page, 'details', 'vehicle', 'VH-00012');
  await expect.poll(async () => (await harnessState(page)).vehicleUpdates, { timeout: 5000 }).toBeGreaterThan(3);
  const state = await harnessState(page);
  expect(Object.keys(state.lastVehicles)).toEqual(['VH-00012']);
  expect((await liveStats(page)).malformed).toBe(0);
});

test('against the real broker, the whole fleet streams into batches with every vehicle present', async ({ page }) => {
  publisher = await startPublisher({ url: broker.url, vehicles: 300, rateHz: 2, deviceEveryS: 0 });
  await openHarness(page, `url=${encodeURIComponent(broker.url)}`);
  await setInterest(page, 'map', 'fleet');
  await expect
    .poll(async () => Object.keys((await harnessState(page)).lastVehicles).length, { timeout: 8000 })
    .toBe(300);
  const state = await harnessState(page);
  // At most one batch per frame: far fewer batches than updates.
  expect(state.batches).toBeLessThan(state.vehicleUpdates);
});

test('against the real broker, a dropped connection reconnects and the stream resumes', async ({ page }) => {
  publisher = await startPublisher({ url: broker.url, vehicles: 20, rateHz: 4, deviceEveryS: 0 });
  await openHarness(page, `url=${encodeURIComponent(broker.url)}`);
  await setInterest(page, 'details', 'vehicle', 'VH-00003');
  await expect(page.getByRole(...liveController.liveConnectionStatus)).toHaveText('online');
  broker.disconnectAll();
  await expect.poll(async () => (await harnessState(page)).connectionStates).toContain('reconnecting');
  await expect(page.getByRole(...liveController.liveConnectionStatus)).toHaveText('online');
  const before = (await harnessState(page)).vehicleUpdates;
  await expect.poll(async () => (await harnessState(page)).vehicleUpdates, { timeout: 5000 }).toBeGreaterThan(before);
});

test('in demo mode, mqtt.js connects through MSW to the in-page broker and telemetry streams', async ({ page }) => {
  await openHarness(page, 'mode=demo&rate=5&url=ws%3A%2F%2F127.0.0.1%3A9001');
  await expect(page.getByRole(...liveController.liveConnectionStatus)).toHaveText('online');
  await setInterest(page, 'details', 'details', 'VH-00005');
  await expect.poll(async () => (await harnessState(page)).vehicleUpdates, { timeout: 5000 }).toBeGreaterThan(3);
  expect(Object.keys((await harnessState(page)).lastVehicles)).toEqual(['VH-00005']);
  expect((await liveStats(page)).malformed).toBe(0);
});

test('in demo mode, a command is acknowledged live', async ({ page }) => {
  await openHarness(page, 'mode=demo&url=ws%3A%2F%2F127.0.0.1%3A9001');
  await setInterest(page, 'details', 'details', 'VH-00002');
  await expect(page.getByRole(...liveController.liveConnectionStatus)).toHaveText('online');
  await page.evaluate(() =>
    (window as unknown as LiveWindow).__live.emulator.sendCommand({
      commandId: 'CMD-E2E',
      vehicleUid: 'VH-00002',
      kind: 'Device',
      name: 'lock',
    }),
  );
  await expect
    .poll(async () => (await harnessState(page)).events.map((e) => [e.kind, e.data.commandId, e.data.status]))
    .toContainEqual(['command-ack', 'CMD-E2E', 2]);
});

test('with the demo worker running, a broker URL the demo does not emulate still reaches the real broker', async ({
  page,
}) => {
  publisher = await startPublisher({ url: broker.url, vehicles: 10, rateHz: 4, deviceEveryS: 0 });
  const demoUrl = encodeURIComponent('ws://demo-broker.invalid/mqtt');
  await openHarness(page, `mode=demo&demoUrl=${demoUrl}&url=${encodeURIComponent(broker.url)}`);
  await expect(page.getByRole(...liveController.liveConnectionStatus)).toHaveText('online');
  await setInterest(page, 'details', 'vehicle', 'VH-00004');
  await expect.poll(async () => (await harnessState(page)).vehicleUpdates, { timeout: 5000 }).toBeGreaterThan(2);
  // Only the publisher's vehicles exist on the real broker; the in-page emulation was never asked.
  expect(await page.evaluate(() => (window as unknown as LiveWindow).__live.emulator.stats().sessions)).toBe(0);
});
