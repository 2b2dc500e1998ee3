import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { encodeMessage } from '../protocol/messages';
import { API, FRAME, FRAME_ORIGIN, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
import { flushReportQueue } from '../core/outbox';
import { listQueuedReports, removeQueuedReport } from '../core/report-queue';
import { FRAME_LOAD_TIMEOUT_MS, OFFLINE_TEXTS, offlineFeedback, validateOffline } from './offline-form';

/** Issue 17 item 6: the bug form in the widget's own shadow root when the messenger frame cannot load. */
const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(async () => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  for (const q of await listQueuedReports()) await removeQueuedReport(q.id as number);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetWidget(mock);
});

const shadow = () => document.querySelector('voltline-widget')!.shadowRoot!;
const launcher = () => shadow().querySelector('button')!;
const form = () => shadow().querySelector<HTMLFormElement>('form.offline');
const byLabel = (text: string) => {
  const label = [...shadow().querySelectorAll('label')].find((l) => l.textContent === text)!;
  return shadow().getElementById(label.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
const button = (name: string) => [...form()!.querySelectorAll('button')].find((b) => b.textContent === name)!;

async function boot(): Promise<void> {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
}

function offline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);
}

test('validation: the description is required, the e-mail is optional but must be an address', () => {
  expect(validateOffline({ description: '  ', email: '' })).toEqual({ description: OFFLINE_TEXTS.descriptionRequired });
  expect(validateOffline({ description: 'It broke', email: 'not-an-address' })).toEqual({
    email: OFFLINE_TEXTS.emailInvalid,
  });
  expect(validateOffline({ description: 'It broke', email: '' })).toEqual({});
  expect(validateOffline({ description: 'It broke', email: 'ada@example.com' })).toEqual({});
});

test('the form sends what the messenger bug form sends', () => {
  expect(offlineFeedback({ description: ' It broke ', email: ' ada@example.com ' })).toEqual({
    formData: { description: 'It broke', reportedBy: 'ada@example.com' },
    action: { feedbackType: 'BUG' },
  });
});

test('offline, opening the widget shows the form at once, with labels and the offline message', async () => {
  await boot();
  offline(true);
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  expect(form()!.getAttribute('role')).toBe('dialog');
  expect(form()!.textContent).toContain('You are offline; we will send this when you are back');
  expect(byLabel('Description').tagName).toBe('TEXTAREA');
  expect(byLabel('E-mail').getAttribute('type')).toBe('email');
  expect(shadow().activeElement).toBe(byLabel('Description'));
});

test('the frame counts as unable to load after 5 s without its ping', () => {
  expect(FRAME_LOAD_TIMEOUT_MS).toBe(5000);
});

test('online, a frame that never answers gives way to the form after the time-out; one that answers does not', async () => {
  await boot();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  launcher().click();
  await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 100);
  expect(form()).toBeNull();
  await vi.advanceTimersByTimeAsync(100);
  expect(form()).not.toBeNull();
  // the frame answers late after all: the messenger takes over
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage('ping' as never, undefined as never), origin: FRAME_ORIGIN }),
  );
  await vi.advanceTimersByTimeAsync(300);
  expect(Gleap.isOpened()).toBe(true);
  expect(form()).toBeNull();
});

test('the launcher pressed again, Close and Escape close the form', async () => {
  await boot();
  offline(true);
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  launcher().click();
  await vi.waitFor(() => expect(form()).toBeNull());
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  button('Close').click();
  expect(form()).toBeNull();
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  form()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(form()).toBeNull();
});

test('closing the form gives focus back to where it was: the launcher, or the page control that opened it (issue 36 item 13)', async () => {
  await boot();
  offline(true);
  launcher().focus();
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  expect(shadow().activeElement).toBe(byLabel('Description'));
  form()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  expect(form()).toBeNull();
  expect(shadow().activeElement).toBe(launcher());
  const help = document.body.appendChild(document.createElement('button'));
  help.focus();
  Gleap.open();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  button('Close').click();
  expect(document.activeElement).toBe(help);
  help.remove();
});

test('invalid input shows the errors and sends nothing', async () => {
  await boot();
  offline(true);
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  byLabel('E-mail').value = 'nope';
  button('Send').click();
  expect(byLabel('Description').getAttribute('aria-invalid')).toBe('true');
  expect(shadow().getElementById('gl-offline-description-error')!.textContent).toBe(OFFLINE_TEXTS.descriptionRequired);
  expect(shadow().getElementById('gl-offline-email-error')!.textContent).toBe(OFFLINE_TEXTS.emailInvalid);
  expect(shadow().activeElement).toBe(byLabel('Description'));
  await new Promise((r) => setTimeout(r, 50));
  expect(await listQueuedReports()).toEqual([]);
});

test('a report sent offline waits in the outbox and reaches /bugs/v2 once when the network is back', async () => {
  await boot();
  offline(true);
  launcher().click();
  await vi.waitFor(() => expect(form()).not.toBeNull());
  byLabel('Description').value = 'Checkout is broken';
  byLabel('E-mail').value = 'ada@example.com';
  button('Send').click();
  await vi.waitFor(async () => expect(await listQueuedReports()).toHaveLength(1));
  const [kept] = await listQueuedReports();
  expect(kept!.report).toMatchObject({
    type: 'BUG',
    formData: { description: 'Checkout is broken', reportedBy: 'ada@example.com' },
  });
  expect(form()!.textContent).toContain('saved');
  expect(mock.store.calls.filter((c) => c.path === '/bugs/v2')).toHaveLength(0);
  // back online: the widget drains the outbox (the `online` event does the same)
  offline(false);
  await flushReportQueue();
  await flushReportQueue();
  expect(mock.store.reports).toHaveLength(1);
  expect(mock.store.reports[0]!.formData).toMatchObject({ description: 'Checkout is broken' });
  expect(await listQueuedReports()).toEqual([]);
});

// last: the language change re-reads the config after a delay that outlives the test
test("the texts follow the server's static translations, as the messenger's do", async () => {
  mock.store.configs.set('*', {
    flowConfig: {
      color: '#485BFF',
      feedbackButtonPosition: 'BOTTOM_RIGHT',
      staticTranslations: { description: 'Beschreibung', de: { offlineNotice: 'Sie sind offline.' } },
    },
  });
  Gleap.setLanguage('de');
  try {
    await boot();
    offline(true);
    launcher().click();
    await vi.waitFor(() => expect(form()).not.toBeNull());
    expect(byLabel('Beschreibung').tagName).toBe('TEXTAREA');
    expect(form()!.querySelector('[role=status]')!.textContent).toBe('Sie sind offline.');
    // a key without a translation stays English
    expect(byLabel('E-mail').getAttribute('type')).toBe('email');
  } finally {
    Gleap.setLanguage('');
    localStorage.clear();
  }
});
