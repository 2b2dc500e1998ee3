import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyServerUpdate } from '../core/widget-flows';
import { Gleap } from '../index';
import { getConsoleLogs } from '../logs/console-logger';
import { type PageToBanner, encodeMessage } from '../protocol/messages';
import { API, FRAME, FRAME_ORIGIN, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
import { removeBanner } from './banner';

const BANNER = 'https://banner.test/outbound/';
const BANNER_ORIGIN = 'https://banner.test';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  Gleap.setBannerUrl(BANNER);
  document.documentElement.style.paddingTop = '';
});
afterEach(() => {
  removeBanner();
  resetWidget(mock);
});

async function boot() {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
}

const bannerRoot = () => document.querySelector('voltline-banner')?.shadowRoot ?? null;
async function shownBanner() {
  await vi.waitFor(() => expect(bannerRoot()?.querySelector('iframe')).toBeTruthy());
  const frame = bannerRoot()!.querySelector('iframe')!;
  const post = vi.fn();
  Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post }, configurable: true });
  const send = (name: string, data?: unknown, origin = BANNER_ORIGIN, source: unknown = frame.contentWindow) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify({ name, data }), origin, source: source as Window }),
    );
  return { frame, post, send, box: bannerRoot()!.querySelector<HTMLElement>('.banner')! };
}

test('a banner is an iframe from the settable banner URL at the top; banner-loaded gets the data to the exact origin', async () => {
  await boot();
  const data = { outbound: 'b1', format: 'top', data: { text: 'Sale' } };
  Gleap.showBanner(data);
  const { frame, post, send, box } = await shownBanner();
  expect(frame.getAttribute('src')).toBe(BANNER);
  expect(frame.title).toBe('Banner');
  expect(box.classList.contains('floating')).toBe(false);
  expect(box.getAttribute('part')).toBe('banner');
  send('banner-loaded');
  expect(post).toHaveBeenCalledWith(
    encodeMessage<PageToBanner, 'banner-data'>('banner-data', data, { type: 'banner' }),
    BANNER_ORIGIN,
  );
  expect(JSON.parse(post.mock.calls[0]![0])).toEqual({ type: 'banner', name: 'banner-data', data });
});

test('banner-height sizes the banner and pushes the page down by it; close gives the layout back', async () => {
  await boot();
  document.documentElement.style.paddingTop = '3px';
  Gleap.showBanner({ format: 'top' });
  const { send, box } = await shownBanner();
  send('banner-height', { height: 48 });
  expect(box.style.height).toBe('48px');
  expect(document.documentElement.style.paddingTop).toBe('48px');
  send('banner-data-set');
  expect(box.classList.contains('shown')).toBe(true);
  send('banner-close');
  expect(document.querySelector('voltline-banner')).toBeNull();
  expect(document.documentElement.style.paddingTop).toBe('3px');
});

test('a floating banner floats: it has its height but does not move the page', async () => {
  await boot();
  Gleap.showBanner({ format: 'floating' });
  const { send, box } = await shownBanner();
  expect(box.classList.contains('floating')).toBe(true);
  send('banner-height', { height: 60 });
  expect(box.style.height).toBe('60px');
  expect(document.documentElement.style.paddingTop).toBe('');
});

test('messages from another origin, from another window, or malformed are ignored and never thrown', async () => {
  await boot();
  Gleap.showBanner({ format: 'top' });
  const { send, box, post } = await shownBanner();
  send('banner-height', { height: 50 }, 'https://banner.test.evil.test');
  send('banner-height', { height: 50 }, 'http://banner.test');
  send('banner-height', { height: 50 }, BANNER_ORIGIN, window);
  send('banner-loaded', undefined, FRAME_ORIGIN);
  expect(box.style.height).toBe('');
  expect(post).not.toHaveBeenCalled();
  const frame = bannerRoot()!.querySelector('iframe')!;
  for (const data of ['{not json', '42', 'null', JSON.stringify({ name: 'banner-height', data: null })])
    expect(() =>
      window.dispatchEvent(new MessageEvent('message', { data, origin: BANNER_ORIGIN, source: frame.contentWindow })),
    ).not.toThrow();
  // a banner-height without a number counts as 0
  expect(box.style.height).toBe('0px');
});

test('Gleap.closeBanner and a cleared session remove the banner; only one banner shows at a time', async () => {
  await boot();
  Gleap.showBanner({ outbound: 'a' });
  await shownBanner();
  Gleap.showBanner({ outbound: 'b' });
  await new Promise((r) => setTimeout(r, 20));
  expect(document.querySelectorAll('voltline-banner')).toHaveLength(1);
  Gleap.closeBanner();
  await vi.waitFor(() => expect(document.querySelector('voltline-banner')).toBeNull());
  Gleap.showBanner({ outbound: 'c' });
  await shownBanner();
  Gleap.clearIdentity();
  expect(document.querySelector('voltline-banner')).toBeNull();
});

test('a banner action from the socket shows the banner while the widget is closed', async () => {
  await boot();
  applyServerUpdate({ a: [{ actionType: 'banner', outbound: 'ob', format: 'floating', data: {} }] });
  const { box } = await shownBanner();
  expect(box.classList.contains('floating')).toBe(true);
});

test('a banner URL that is not http(s) is refused and logged', async () => {
  await boot();
  Gleap.setBannerUrl('javascript:alert(1)');
  Gleap.showBanner({});
  await vi.waitFor(() => expect(getConsoleLogs().some((l) => l.log.includes('refused banner URL'))).toBe(true));
  expect(document.querySelector('voltline-banner')).toBeNull();
});

/** Open the messenger frame after a banner action and return what the widget posted to it. */
async function frameMessages() {
  const widget = document.querySelector('voltline-widget')!.shadowRoot!;
  await vi.waitFor(() => expect(widget.querySelector('iframe')).toBeTruthy());
  const spy = vi.fn();
  Object.defineProperty(widget.querySelector('iframe')!, 'contentWindow', {
    value: { postMessage: spy },
    configurable: true,
  });
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage('ping' as never, undefined as never), origin: FRAME_ORIGIN }),
  );
  return spy.mock.calls.map(([raw]) => JSON.parse(String(raw)) as { name: string; data: Record<string, unknown> });
}

test.each([
  ['start-conversation', 'start-bot', { botId: 'bot-1' }, { botId: 'bot-1' }],
  ['show-form', 'start-feedbackflow', { formId: 'f-1' }, { flow: 'f-1' }],
  [
    'show-survey',
    'start-survey',
    { formId: 's-1', surveyFormat: 'survey_full' },
    { flow: 's-1', format: 'survey_full' },
  ],
  ['show-news-article', 'open-news-article', { articleId: 'n-1' }, { id: 'n-1' }],
  ['show-help-article', 'open-help-article', { articleId: 'h-1' }, { articleId: 'h-1' }],
  ['show-checklist', 'start-checklist', { checklistId: 'c-1' }, { outboundId: 'c-1' }],
])('banner %s opens %s in the widget', async (name, frameName, data, frameData) => {
  await boot();
  Gleap.showBanner({});
  const { send } = await shownBanner();
  send(name, data);
  const sent = await frameMessages();
  expect(sent.find((m) => m.name === frameName)?.data).toMatchObject(frameData);
});

test('banner start-custom-action runs the registered custom actions', async () => {
  await boot();
  const action = vi.fn();
  Gleap.registerCustomAction(action);
  Gleap.showBanner({});
  const { send } = await shownBanner();
  send('start-custom-action', { action: 'upgrade' });
  expect(action).toHaveBeenCalledWith({ name: 'upgrade' });
});
