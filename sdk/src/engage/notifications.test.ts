import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { applyServerConfig } from '../core/config';
import { applyServerUpdate } from '../core/widget-flows';
import { Gleap } from '../index';
import { encodeMessage } from '../protocol/messages';
import { API, FRAME, FRAME_ORIGIN, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
import { NOTIFICATIONS_KEY } from './constants';
import { checklistProgress, getNotifications, removeNotifications, stackClasses, stackCss } from './notifications';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

const played: string[] = [];
class FakeAudio {
  constructor(public src: string) {}
  play() {
    played.push(this.src);
    return Promise.resolve();
  }
}

beforeEach(() => {
  resetWidget(mock);
  removeNotifications();
  played.length = 0;
  vi.stubGlobal('Audio', FakeAudio);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
  Gleap.playSound(true);
  Gleap.setDisableInAppNotifications(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeNotifications();
  resetWidget(mock);
});

async function boot() {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
}

const stackRoot = () => document.querySelector('voltline-notifications')?.shadowRoot ?? null;
const stack = () => stackRoot()?.querySelector<HTMLElement>('.stack') ?? null;
async function shown() {
  await vi.waitFor(() => expect(stack()).not.toBeNull());
  return stack()!;
}

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  outbound: `o-${text}`,
  createdAt: new Date().toISOString(),
  data: { text, sender: { name: 'Maya', profileImageUrl: 'https://cdn.test/maya.png' }, ...extra },
});

test('a message shows sender, avatar and text with the name placeholder filled from the session', async () => {
  await boot();
  await Gleap.identify('u1', { name: 'Ada' });
  Gleap.showNotification(message('Hello {{name}}, <b>welcome</b>'));
  const s = await shown();
  const item = s.querySelector<HTMLElement>('.item')!;
  expect(item.querySelector('.sender')!.textContent).toBe('Maya');
  expect(item.querySelector('.text')!.innerHTML).toBe('Hello Ada, <b>welcome</b>');
  expect(item.querySelector('img.avatar')!.getAttribute('src')).toBe('https://cdn.test/maya.png');
  // keyboard reachable, with an accessible name
  expect(item.getAttribute('role')).toBe('button');
  expect(item.tabIndex).toBe(0);
  expect(item.getAttribute('aria-label')).toBe('Maya: Hello Ada, welcome');
  // voltline-notifications::part(notifications) and ::part(notification) reach the stack and each item
  expect(s.querySelector('[part="notifications"] [part="notification"]')).toBe(item);
});

test('a name with markup fills the placeholder as text', async () => {
  await boot();
  await Gleap.identify('u1', { name: '<img src=x onerror=alert(1)>' });
  Gleap.showNotification(message('Hi {{name}}'));
  const s = await shown();
  expect(s.querySelector('.text img')).toBeNull();
  expect(s.querySelector('.text')!.textContent).toBe('Hi <img src=x onerror=alert(1)>');
});

test('at most 2 are kept (the latest), a notification without data is ignored, and the list is stored', async () => {
  await boot();
  Gleap.showNotification(message('one'));
  await shown();
  Gleap.showNotification(message('two'));
  Gleap.showNotification({ outbound: 'x' });
  Gleap.showNotification(message('three'));
  await vi.waitFor(() => expect(stack()!.querySelectorAll('.item')).toHaveLength(2));
  expect([...stack()!.querySelectorAll('.text')].map((e) => e.textContent)).toEqual(['two', 'three']);
  const stored = JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY)!);
  expect(stored.map((n: { outbound: string }) => n.outbound)).toEqual(['o-two', 'o-three']);
});

test('de-duplicated by outbound; the sound plays once for a new one with the sound flag, from the set URL', async () => {
  await boot();
  Gleap.setSoundUrl('https://cdn.test/ping.mp3');
  Gleap.showNotification({ ...message('a'), sound: true });
  await shown();
  Gleap.showNotification({ ...message('a'), sound: true });
  Gleap.showNotification({ ...message('b') });
  await vi.waitFor(() => expect(getNotifications()).toHaveLength(2));
  expect(played).toEqual(['https://cdn.test/ping.mp3']);
  Gleap.playSound(false);
  Gleap.showNotification({ ...message('c'), sound: true });
  await vi.waitFor(() => expect(getNotifications().map((n) => n.outbound)).toEqual(['o-b', 'o-c']));
  expect(played).toHaveLength(1);
});

test('the stack sits by the button: left for left positions and for no button, width up to 340 px', () => {
  expect(stackClasses('BOTTOM_RIGHT', false)).toBe('stack');
  expect(stackClasses('BUTTON_CLASSIC', false)).toBe('stack nobutton');
  expect(stackClasses('BOTTOM_LEFT', false)).toBe('stack left');
  expect(stackClasses('BUTTON_CLASSIC_LEFT', false)).toBe('stack left nobutton');
  expect(stackClasses('BUTTON_NONE', false)).toBe('stack left nobutton');
  expect(stackClasses('BOTTOM_RIGHT', true)).toBe('stack left nobutton');
});

test('a left button position puts the rendered stack on the left; the sheet caps its width at 340 px', async () => {
  await boot();
  applyServerConfig({ flowConfig: { feedbackButtonPosition: 'BOTTOM_LEFT' } });
  Gleap.showNotification(message('x'));
  const s = await shown();
  expect(s.className).toBe('stack left');
  expect(stackCss('#485BFF')).toMatch(/\.stack\{[^}]*max-width:340px/);
});

const news = (i: number, extra: Record<string, unknown> = {}) => ({
  outbound: `n${i}`,
  createdAt: new Date(Date.now() - (10 - i) * 1000).toISOString(),
  data: { text: `News ${i}`, news: { id: `art-${i}` }, previewText: `Preview ${i}`, ...extra },
});

test('news show one at a time, oldest first, with cover, title, preview, page indicator and Next, then Done closes all', async () => {
  await boot();
  Gleap.showNotification(news(2, { coverImageUrl: 'https://cdn.test/cover.png' }));
  await shown();
  // three news: only two are kept, so the third goes in a fresh stack after Done
  Gleap.showNotification(news(1));
  await vi.waitFor(() => expect(stack()!.querySelector('.page')?.textContent).toBe('1 / 2'));
  let box = stack()!.querySelector('.news')!;
  expect(box.querySelector('.title')!.textContent).toBe('News 1');
  expect(box.querySelector('.preview')!.textContent).toBe('Preview 1');
  expect(box.querySelector('img.cover')).toBeNull();
  const next = box.querySelector('button')!;
  expect(next.textContent).toBe('Next');
  next.click();
  box = stack()!.querySelector('.news')!;
  expect(box.querySelector('.page')!.textContent).toBe('2 / 2');
  expect(box.querySelector('.title')!.textContent).toBe('News 2');
  expect(box.querySelector('img.cover')!.getAttribute('src')).toBe('https://cdn.test/cover.png');
  const done = box.querySelector('button')!;
  expect(done.textContent).toBe('Done');
  done.click();
  expect(stack()).toBeNull();
  expect(getNotifications()).toEqual([]);
});

test('a stored list of three news restores the latest two (the anchor kept the oldest by mistake)', async () => {
  await boot();
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify([news(1), news(2), news(3)]));
  const m = await import('./notifications');
  m.restoreNotifications();
  // only the latest 2 are kept
  expect(stack()!.querySelector('.page')!.textContent).toBe('1 / 2');
  expect(stack()!.querySelector('.title')!.textContent).toBe('News 2');
});

test('a placeholder cover is ignored, and news without preview text shows the sender', async () => {
  await boot();
  Gleap.showNotification(
    news(1, {
      previewText: '',
      coverImageUrl: 'https://cdn.test/NewsImagePlaceholder.png',
      sender: { name: 'Team', profileImageUrl: 'https://cdn.test/t.png' },
    }),
  );
  const s = await shown();
  expect(s.querySelector('img.cover')).toBeNull();
  expect(s.querySelector('.news .sender')!.textContent).toBe('Team');
  expect(s.querySelector('.page')).toBeNull();
});

test('a checklist item shows its progress bar (+4 % below 100) and the next step title', async () => {
  expect(checklistProgress(1, 4)).toBe(29);
  expect(checklistProgress(0, 4)).toBe(4);
  expect(checklistProgress(4, 4)).toBe(100);
  expect(checklistProgress(undefined, 0)).toBe(4);
  await boot();
  Gleap.showNotification({
    outbound: 'c1',
    data: { text: 'Set up', checklist: { id: 'cl-1' }, currentStep: 2, totalSteps: 5, nextStepTitle: 'Invite team' },
  });
  const s = await shown();
  const bar = s.querySelector<HTMLElement>('.checklist .bar')!;
  expect(bar.getAttribute('aria-valuenow')).toBe('44');
  expect((bar.firstChild as HTMLElement).style.width).toBe('44%');
  expect(s.querySelector('.checklist .next')!.textContent).toContain('Invite team');
});

test('close clears all, also from storage', async () => {
  await boot();
  Gleap.showNotification(message('a'));
  const s = await shown();
  const close = s.querySelector<HTMLButtonElement>('button.close')!;
  expect(close.getAttribute('aria-label')).toBe('Close notifications');
  close.click();
  expect(stack()).toBeNull();
  expect(JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY)!)).toEqual([]);
});

test('stored notifications older than 1 hour are dropped on reload; younger ones show again', async () => {
  const old = { ...message('old'), createdAt: new Date(Date.now() - 3_600_001).toISOString() };
  const young = { ...message('young'), createdAt: new Date(Date.now() - 3_500_000).toISOString() };
  localStorage.setItem(NOTIFICATIONS_KEY, JSON.stringify([old, young]));
  await boot();
  const s = await shown();
  expect([...s.querySelectorAll('.text')].map((e) => e.textContent)).toEqual(['young']);
  expect(JSON.parse(localStorage.getItem(NOTIFICATIONS_KEY)!)).toHaveLength(1);
});

/** Click an element, then let the frame ping and return what the widget posted to it. */
async function clickAndCollect(target: HTMLElement) {
  target.click();
  const widget = document.querySelector('voltline-widget')!.shadowRoot!;
  const spy = vi.fn();
  Object.defineProperty(widget.querySelector('iframe')!, 'contentWindow', {
    value: { postMessage: spy },
    configurable: true,
  });
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage('ping' as never, undefined as never), origin: FRAME_ORIGIN }),
  );
  return spy.mock.calls.map(([raw]) => JSON.parse(String(raw)) as { name: string; data: unknown });
}

test.each([
  ['a conversation', { conversation: { shareToken: 'st-1' } }, 'open-conversation', { shareToken: 'st-1' }],
  ['a checklist', { checklist: { id: 'cl-1' }, currentStep: 1, totalSteps: 2 }, 'open-checklist', { id: 'cl-1' }],
])('clicking %s opens it in the widget, and opening clears the stack', async (_, extra, name, data) => {
  await boot();
  Gleap.showNotification(message('m', extra));
  const s = await shown();
  const sent = await clickAndCollect(s.querySelector<HTMLElement>('[role=button]')!);
  expect(sent.find((m) => m.name === name)?.data).toMatchObject(data);
  await vi.waitFor(() => expect(Gleap.isOpened()).toBe(true));
  expect(stack()).toBeNull();
  expect(getNotifications()).toEqual([]);
});

test('clicking a news title opens the article; Enter on a plain message opens the widget', async () => {
  await boot();
  Gleap.showNotification(news(1));
  const s = await shown();
  const sent = await clickAndCollect(s.querySelector<HTMLElement>('.title')!);
  expect(sent.find((m) => m.name === 'open-news-article')?.data).toEqual({ id: 'art-1' });
  await vi.waitFor(() => expect(Gleap.isOpened()).toBe(true));
  Gleap.close();
  Gleap.showNotification(message('plain'));
  const item = (await shown()).querySelector<HTMLElement>('.item')!;
  item.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  await vi.waitFor(() => expect(Gleap.isOpened()).toBe(true));
});

test('a socket update with a notification action shows it while closed, and is ignored while open', async () => {
  await boot();
  applyServerUpdate({ a: [{ actionType: 'notification', ...message('from socket') }], u: 2 });
  const s = await shown();
  expect(s.querySelector('.text')!.textContent).toBe('from socket');
  Gleap.showNotification(message('ignored'));
  // open: count to zero, stack cleared, socket actions wait
  const unread = vi.fn();
  Gleap.on('unread-count-changed', unread);
  await clickAndCollect(document.querySelector('voltline-widget')!.shadowRoot!.querySelector('button')!);
  await vi.waitFor(() => expect(Gleap.isOpened()).toBe(true));
  expect(unread).toHaveBeenCalledWith(0);
  expect(stack()).toBeNull();
  applyServerUpdate({ a: [{ actionType: 'notification', ...message('while open') }], u: 5 });
  await new Promise((r) => setTimeout(r, 20));
  expect(getNotifications()).toEqual([]);
  expect(unread).not.toHaveBeenCalledWith(5);
});

test('setDisableInAppNotifications(true) shows nothing from the socket or the API', async () => {
  await boot();
  Gleap.setDisableInAppNotifications(true);
  applyServerUpdate({ a: [{ actionType: 'notification', ...message('socket') }] });
  Gleap.showNotification(message('api'));
  await new Promise((r) => setTimeout(r, 50));
  expect(stack()).toBeNull();
  expect(getNotifications()).toEqual([]);
});

test('a checklist action with the widget popup type opens the checklist instead of a notification', async () => {
  await boot();
  applyServerUpdate({
    a: [
      {
        actionType: 'notification',
        outbound: 'c',
        data: { text: 't', checklist: { id: 'cl-9', popupType: 'widget' } },
      },
    ],
  });
  await vi.waitFor(() =>
    expect(document.querySelector('voltline-widget')!.shadowRoot!.querySelector('iframe')).not.toBeNull(),
  );
  expect(getNotifications()).toEqual([]);
});

test('a cleared session (destroy, clearIdentity) removes the stack', async () => {
  await boot();
  Gleap.showNotification(message('a'));
  await shown();
  Gleap.clearIdentity();
  expect(document.querySelector('voltline-notifications')).toBeNull();
});

test.each([
  ['<script>', '<script>window.__x=1</script>t', (r: ShadowRoot) => r.querySelector('script')],
  [
    'onerror=',
    '<img src="https://x.test/i.png" onerror="window.__x=1">',
    (r: ShadowRoot) => r.querySelector('[onerror]'),
  ],
  ['javascript: links', '<a href="javascript:window.__x=1">l</a>', (r: ShadowRoot) => r.querySelector('a[href]')],
  ['<iframe>', '<iframe src="https://evil.test"></iframe>', (r: ShadowRoot) => r.querySelector('iframe')],
  [
    'CSS expression',
    '<p style="width:expression(window.__x=1)">p</p>',
    (r: ShadowRoot) => r.querySelector('[style]:not(.bar *)'),
  ],
])('notification text with %s never reaches the DOM', async (_, html, find) => {
  await boot();
  Gleap.showNotification({ outbound: 'x', data: { text: html, sender: { name: 'S' } } });
  await shown();
  expect(find(stackRoot()!)).toBeNull();
  expect((window as { __x?: number }).__x).toBeUndefined();
});

test('end to end with the mock: an outbound action of the store arrives over the WebSocket and shows', async () => {
  mock.store.actions.push({
    actionType: 'notification',
    outbound: 'ws-1',
    data: { text: 'Over the socket', sender: { name: 'Maya' } },
  });
  try {
    await boot();
    const s = await shown();
    await vi.waitFor(() => expect(s.querySelector('.text')?.textContent).toBe('Over the socket'));
  } finally {
    mock.store.actions.length = 0;
  }
});
