import { expect, test } from '@playwright/test';
import { REPLAY } from '../../../../sdk/src/capture/constants';
import { serveHarness } from '../capture-shared/capture-bundle';
import { HOST_ORIGIN } from '../../../urls';
import { captureReplay } from '../../../selectors';

const PAGE = `${HOST_ORIGIN}/capture-replay/index.html`;
// rrweb event and incremental source numbers (rrweb's EventType and IncrementalSource).
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const META = 4;
const SOURCE = { mutation: 0, mouseInteraction: 2, scroll: 3, input: 5 } as const;

test.beforeEach(async ({ page }) => {
  await serveHarness(page);
  await page.clock.install();
  await page.goto(PAGE);
  await page.evaluate(() => window.voltlineCapture.startReplay());
});

async function interact(page: import('@playwright/test').Page) {
  await page.getByRole(...captureReplay.addRow).click();
  await page.getByLabel(captureReplay.search).fill('Lisbon');
  await page.getByLabel(captureReplay.pIN).fill('9876');
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(400); // scroll sampling is 150 ms
}

test('the replay holds a full snapshot and incremental events for every interaction', async ({ page }) => {
  await interact(page);
  const replay = await page.evaluate(() => window.voltlineCapture.getReplayPayload());
  expect(replay).toMatchObject({ type: 'rrweb', baseUrl: HOST_ORIGIN, isMobile: false });
  const events = replay!.events as { type: number; timestamp: number; data: { source?: number } }[];
  expect(events[0]!.type).toBe(META);
  expect(events.filter((e) => e.type === FULL_SNAPSHOT)).toHaveLength(1);
  const sources = new Set(events.filter((e) => e.type === INCREMENTAL).map((e) => e.data.source));
  for (const source of Object.values(SOURCE)) expect(sources).toContain(source);
  expect(JSON.stringify(events)).toContain('Trip to Lisbon');
  expect(replay!.startDate).toBe(events[0]!.timestamp);
});

test('masked text, card numbers and the password never appear in the replay', async ({ page }) => {
  await interact(page);
  const json = JSON.stringify(await page.evaluate(() => window.voltlineCapture.getReplayPayload()));
  expect(json).not.toContain('9876');
  expect(json).not.toContain('Ada Lovelace');
  expect(json).not.toContain('4111 1111');
  expect(json).toContain('Lisbon');
});

test('the recorded full snapshot rebuilds into a page that shows the host page, masked', async ({ page }) => {
  const rebuiltText = await page.evaluate(() => {
    const replay = window.voltlineCapture.getReplayPayload()!;
    const full = replay.events.find((e) => e.type === 2)!;
    const doc = window.rebuildSnapshot((full.data as { node: unknown }).node);
    return {
      heading: doc.querySelector('h1')?.textContent,
      masked: doc.querySelector('.gl-mask')?.textContent,
      button: doc.querySelector('#add')?.textContent,
    };
  });
  expect(rebuiltText).toEqual({ heading: 'Trips', masked: '****** *** ********', button: 'Add row' });
});

test('reset on flow start drops the old replay and takes a new full snapshot', async ({ page }) => {
  await interact(page);
  const before = await page.evaluate(() => window.voltlineCapture.getReplayPayload()!.startDate);
  await page.waitForTimeout(20);
  const after = await page.evaluate(() => {
    window.voltlineCapture.resetReplay();
    return window.voltlineCapture.getReplayPayload()!;
  });
  expect(after.startDate).toBeGreaterThan(before);
  expect(JSON.stringify(after.events)).not.toContain('"source":5');
  expect(after.events.filter((e) => e.type === 2)).toHaveLength(1);
});

test('a long visit keeps only the current and the previous segment', async ({ page }) => {
  const started = await page.evaluate(() => window.voltlineCapture.getReplayPayload()!.startDate);
  // Ten minutes of browsing: a click every 30 s; checkouts every 2 minutes.
  for (let i = 0; i < 20; i += 1) {
    await page.getByRole(...captureReplay.addRow).click();
    await page.clock.runFor(30_000);
  }
  await page.getByRole(...captureReplay.addRow).click();
  const replay = (await page.evaluate(() => window.voltlineCapture.getReplayPayload()))!;
  const fullSnapshots = replay.events.filter((e) => e.type === FULL_SNAPSHOT);
  expect(fullSnapshots).toHaveLength(2);
  const keptMs = replay.events.at(-1)!.timestamp - replay.startDate;
  expect(keptMs).toBeGreaterThanOrEqual(120_000);
  // Two checkout intervals, each started up to one idle wait late (checkouts run at idle time).
  expect(keptMs).toBeLessThanOrEqual(2 * (REPLAY.checkoutEveryMs + REPLAY.checkoutIdleTimeoutMs));
  expect(replay.startDate - started).toBeGreaterThanOrEqual(360_000);
});

test('a page that changes while its first snapshot is walked in slices replays to the state it ended in', async ({
  page,
}) => {
  const outcome = await page.evaluate(async () => {
    const nextTask = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    const list = document.createElement('ol');
    list.id = 'big';
    for (let i = 0; i < 3000; i += 1) {
      const li = document.createElement('li');
      li.textContent = `vehicle ${i}`;
      list.append(li);
    }
    document.body.append(list);
    window.voltlineCapture.stopReplay();
    window.voltlineCapture.resetReplay();
    const slicedAtFirst = window.voltlineCapture.isWalkingSnapshot();
    // Changes behind the walk (already serialised), ahead of it, and in between, over several of its slices.
    document.querySelector('h1')!.textContent = 'Trips (changed behind the walk)';
    const early = document.createElement('p');
    early.id = 'early';
    early.textContent = 'inserted where the walk had been';
    document.body.prepend(early);
    list.lastElementChild!.textContent = 'last vehicle, changed ahead of the walk';
    await nextTask();
    list.children[10]!.remove();
    list.children[2500]!.setAttribute('data-state', 'charging');
    (document.getElementById('search') as HTMLInputElement).value = 'typed mid-walk';
    document.getElementById('search')!.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
    list.insertBefore(document.createElement('li'), list.children[1500]!).textContent = 'inserted mid-walk';
    let tasks = 0;
    while (window.voltlineCapture.isWalkingSnapshot() && tasks < 1000) {
      await nextTask();
      tasks += 1;
    }
    const payload = window.voltlineCapture.getReplayPayload()!;
    const doc = window.replayToEnd(payload.events);
    const replayed = doc.getElementById('big')!;
    return {
      slicedAtFirst,
      tasks,
      fullSnapshots: payload.events.filter((e) => e.type === 2).length,
      heading: doc.querySelector('h1')?.textContent,
      early: doc.getElementById('early')?.textContent,
      earlyIsFirst: doc.body.firstElementChild?.id === 'early',
      items: replayed.children.length,
      liveItems: list.children.length,
      texts:
        Array.from(replayed.children, (li) => li.textContent).join('|') ===
        Array.from(list.children, (li) => li.textContent).join('|'),
      last: replayed.lastElementChild?.textContent,
      charging: replayed.querySelector('[data-state="charging"]')?.textContent,
      liveCharging: list.querySelector('[data-state="charging"]')?.textContent,
      search: (doc.getElementById('search') as HTMLInputElement | null)?.value,
    };
  });
  expect(outcome.slicedAtFirst).toBe(true);
  expect(outcome.tasks).toBeGreaterThan(0);
  expect(outcome).toMatchObject({
    fullSnapshots: 1,
    heading: 'Trips (changed behind the walk)',
    early: 'inserted where the walk had been',
    earlyIsFirst: true,
    items: 3000,
    liveItems: 3000,
    texts: true,
    last: 'last vehicle, changed ahead of the walk',
    charging: 'vehicle 2501',
    liveCharging: 'vehicle 2501',
    search: 'typed mid-walk',
  });
});

test('recording a page that has not patched the DOM starts without loading a hidden iframe', async ({ page }) => {
  // rrweb loads native DOM prototypes from a throw-away iframe when it takes the page's for patched; a new document
  // costs a 30-50 ms task on a big page, so an unpatched page must not pay for it (decision 0052).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {});
    observer.observe(document, { childList: true, subtree: true });
    Object.assign(window, { iframeWatch: observer });
  });
  await page.reload();
  const iframesAdded = await page.evaluate(() => {
    window.voltlineCapture.startReplay();
    const payload = window.voltlineCapture.getReplayPayload();
    const watch = (window as unknown as { iframeWatch: MutationObserver }).iframeWatch;
    const added = watch.takeRecords().flatMap((record) => Array.from(record.addedNodes));
    return { recorded: payload !== null, iframes: added.filter((node) => node.nodeName === 'IFRAME').length };
  });
  expect(iframesAdded).toEqual({ recorded: true, iframes: 0 });
});
