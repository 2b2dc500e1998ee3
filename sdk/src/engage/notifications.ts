import { core, isSafeUrl, safeColor } from './core';
import {
  CHECKLIST_BAR_BONUS,
  NOTIFICATION_MAX_AGE_MS,
  NOTIFICATIONS_KEPT,
  NOTIFICATION_WIDTH_PX,
  NOTIFICATIONS_KEY,
} from './constants';
import { plain, sanitizeHtml } from './sanitize';
import { el, surfaceHost } from './shadow';

/** English texts of the notification stack (its section of `WidgetStrings`, `core/i18n.ts`). */
export const NOTIFICATION_TEXTS = {
  notifications: 'Notifications',
  closeNotifications: 'Close notifications',
  next: 'Next',
  done: 'Done',
  news: 'News',
  checklist: 'Checklist',
  notification: 'Notification',
};

/** The texts in force, read each time the stack is drawn. */
let T = NOTIFICATION_TEXTS;

/** A notification as the server sends it (socket action or `showNotification`), spec §3. */
export interface InAppNotification {
  data?: {
    text?: string;
    news?: { id?: string };
    coverImageUrl?: string;
    previewText?: string;
    sender?: { name?: string; profileImageUrl?: string; firstName?: string };
    conversation?: { shareToken?: string };
    checklist?: { id?: string; popupType?: string };
    currentStep?: number;
    totalSteps?: number;
    nextStepTitle?: string;
  };
  createdAt?: string;
  outbound?: string;
  sound?: boolean;
}

/** localStorage, failure-tolerant (blocked or full storage: the surface keeps working from memory). */
export function readJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage blocked or full
  }
}

let list: InAppNotification[] = [];
let newsIndex = 0;
let root: ShadowRoot | null = null;
const offs: (() => void)[] = [];

export const stackCss = (color: string) => `:host{all:initial}
*{box-sizing:border-box}
.stack{font:14px/1.4 var(--voltline-font,system-ui,sans-serif);position:fixed;z-index:2147483599;right:20px;bottom:90px;width:calc(100vw - 40px);max-width:${NOTIFICATION_WIDTH_PX}px;display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.stack.left{right:auto;left:20px;align-items:flex-start}
.stack.nobutton{bottom:20px}
.close,.item,.news{border:0;background:var(--voltline-background,#fff);color:var(--voltline-text-color,#1c1c1c);cursor:pointer;box-shadow:0 4px 20px rgba(0,0,0,.15);overflow:hidden}
.close{width:28px;height:28px;border-radius:50%;font-size:16px}
.item,.news{width:100%;border-radius:12px}
.item{display:flex;gap:10px;padding:12px 14px}
.item:focus-visible,.news :focus-visible,.close:focus-visible{outline:3px solid var(--voltline-color,${color});outline-offset:2px}
.avatar{width:32px;height:32px;border-radius:50%;object-fit:cover;flex:none}
.sender,.pager{font-size:12px;color:#666}
.cover{display:block;width:100%;max-height:170px;object-fit:cover}
.body{padding:12px 14px}
.title{font-weight:600;margin-bottom:4px;cursor:pointer}
.preview,.next{color:#555}
.pager{display:flex;align-items:center;justify-content:space-between;margin-top:10px}
.pager button{border:0;border-radius:8px;padding:6px 12px;background:var(--voltline-color,${color});color:#fff;cursor:pointer;font:inherit}
.bar{height:6px;border-radius:3px;background:#eee;margin:8px 0;overflow:hidden}
.bar>div{height:100%;background:var(--voltline-color,${color})}
.content{min-width:0;overflow-wrap:anywhere}
.content img{max-width:100%}`;

/** `{{name}}` filled with the visitor's name (as text: a name with markup stays text). */
function withName(text: string | undefined): string {
  const name = String(core.getSession()?.name ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
  return (text ?? '').split('{{name}}').join(name);
}

/** Progress of a checklist item in percent: steps done of all, plus 4 while below 100 (spec §9). */
export function checklistProgress(current: unknown, total: unknown): number {
  const p = Math.round((Number(current) / Number(total)) * 100) || 0;
  const clamped = Math.min(100, Math.max(0, p));
  return clamped < 100 ? clamped + CHECKLIST_BAR_BONUS : clamped;
}

/** Corner classes: left for the left button positions and for the no-button variant (also when the host hid it). */
export function stackClasses(position: unknown, hiddenByHost: boolean): string {
  const none = position === 'BUTTON_NONE' || hiddenByHost;
  const left = none || position === 'BOTTOM_LEFT' || position === 'BUTTON_CLASSIC_LEFT';
  const side = String(position ?? '').startsWith('BUTTON_CLASSIC');
  return `stack${left ? ' left' : ''}${none || side ? ' nobutton' : ''}`;
}

const save = () => writeJson(NOTIFICATIONS_KEY, list);

/** What a click on a notification opens: its conversation, its checklist, its news article, else the widget. */
export function openNotification(n: InAppNotification): void {
  const d = n.data ?? {};
  if (d.conversation?.shareToken)
    core.openScreen('open-conversation', { shareToken: d.conversation.shareToken, hideBackButton: false });
  else if (d.checklist?.id) core.openScreen('open-checklist', { id: d.checklist.id, hideBackButton: false });
  else if (d.news?.id) core.openScreen('open-news-article', { id: d.news.id });
  else core.showWidget('widget');
}

/** A div that acts as a button: focusable, Enter and Space click it. */
function clickable(node: HTMLElement, label: string, run: () => void): HTMLElement {
  node.tabIndex = 0;
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', label);
  node.addEventListener('click', (ev) => {
    ev.stopPropagation();
    run();
  });
  node.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      run();
    }
  });
  return node;
}

/** An image from server data, only from a safe URL (decorative: empty alt). */
function avatar(url: string | undefined): HTMLImageElement[] {
  return url && isSafeUrl(url) ? [el('img', { src: url, class: 'avatar', alt: '' })] : [];
}

function renderNews(news: InAppNotification[]): HTMLElement {
  if (newsIndex >= news.length) newsIndex = 0;
  const n = news[newsIndex]!;
  const d = n.data!;
  const title = withName(d.text);
  const box = el('div', { class: 'news', part: 'notification' });
  const cover = d.coverImageUrl;
  if (cover && !cover.includes('NewsImagePlaceholder')) {
    const img = avatar(cover)[0];
    if (img) {
      img.className = 'cover';
      box.append(img);
      img.addEventListener('click', () => openNotification(n));
    }
  }
  const body = el('div', { class: 'body' });
  body.append(
    clickable(el('div', { class: 'title' }, sanitizeHtml(title)), plain(title) || T.news, () => openNotification(n)),
  );
  if (d.previewText) body.append(el('div', { class: 'preview' }, sanitizeHtml(d.previewText)));
  else if (d.sender?.name)
    body.append(el('div', { class: 'sender' }, ...avatar(d.sender.profileImageUrl), d.sender.name));
  if (news.length > 1) {
    const last = newsIndex >= news.length - 1;
    const btn = el('button', { type: 'button' }, last ? T.done : T.next);
    btn.addEventListener('click', (ev) => {
      ev.stopPropagation();
      if (last) clearNotifications();
      else {
        newsIndex += 1;
        render();
        root?.querySelector<HTMLElement>('.pager button')?.focus();
      }
    });
    body.append(el('div', { class: 'pager' }, el('span', { class: 'page' }, `${newsIndex + 1} / ${news.length}`), btn));
  }
  box.append(body);
  return box;
}

function renderItem(n: InAppNotification): HTMLElement {
  const d = n.data!;
  const text = withName(d.text);
  if (d.checklist) {
    const bar = el('div', { class: 'bar', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': '100' });
    const p = checklistProgress(d.currentStep, d.totalSteps);
    bar.setAttribute('aria-valuenow', String(p));
    const fill = el('div');
    fill.style.width = `${p}%`;
    bar.append(fill);
    const content = el('div', { class: 'content' }, el('div', { class: 'title' }, sanitizeHtml(text)), bar);
    if (d.nextStepTitle)
      content.append(el('div', { class: 'next' }, `${core.textDir() === 'rtl' ? '←' : '→'} ${d.nextStepTitle}`));
    return clickable(
      el('div', { class: 'item checklist', part: 'notification' }, content),
      plain(text) || T.checklist,
      () => openNotification(n),
    );
  }
  const content = el('div', { class: 'content' });
  if (d.sender?.name) content.append(el('div', { class: 'sender' }, d.sender.name));
  content.append(el('div', { class: 'text' }, sanitizeHtml(text)));
  const label = [d.sender?.name, plain(text)].filter(Boolean).join(': ') || T.notification;
  return clickable(
    el('div', { class: 'item', part: 'notification' }, ...avatar(d.sender?.profileImageUrl), content),
    label,
    () => openNotification(n),
  );
}

function ensureRoot(): ShadowRoot {
  if (root?.host.isConnected) return root;
  root = surfaceHost('voltline-notifications', stackCss(safeColor(core.getFlowConfig().color, '#485BFF')));
  offs.push(
    core.on('open', () => {
      // survey modes leave the stack for later, the messenger itself shows what the notifications said
      if (core.ui.mode.startsWith('survey')) root?.replaceChildren();
      else clearNotifications();
    }),
    core.on('config-updated', render),
    core.on('session-cleared', removeNotifications),
  );
  return root;
}

/** Draw the stack from the list: news one at a time (oldest first), then the other items. */
export function render(): void {
  if (!root) return;
  T = core.localize(NOTIFICATION_TEXTS);
  const valid = list.filter((n) => n.data);
  if (!valid.length) {
    root.replaceChildren();
    return;
  }
  const stack = el('div', {
    class: stackClasses(core.getFlowConfig().feedbackButtonPosition, core.ui.hiddenByHost),
    part: 'notifications',
    role: 'region',
    'aria-label': T.notifications,
  });
  const close = el('button', { type: 'button', class: 'close', 'aria-label': T.closeNotifications }, '×');
  close.addEventListener('click', clearNotifications);
  stack.append(close);
  const news = valid
    .filter((n) => n.data!.news)
    .sort((a, b) => new Date(a.createdAt ?? 0).getTime() - new Date(b.createdAt ?? 0).getTime());
  if (news.length) stack.append(renderNews(news));
  for (const n of valid.filter((x) => !x.data!.news)) stack.append(renderItem(n));
  root.replaceChildren(stack);
}

function playSound(): void {
  if (!core.settings.playSound) return;
  try {
    void new Audio(core.settings.soundUrl).play()?.catch(() => {});
  } catch {
    // no audio in this browser
  }
}

/** Add a notification: ignored without data, de-duplicated by outbound, only the latest 2 kept, stored for 1 hour. */
export function showNotification(n: unknown): void {
  const item = n as InAppNotification;
  if (core.settings.disableInAppNotifications || !item || typeof item !== 'object' || !item.data) return;
  ensureRoot();
  const dup = item.outbound !== undefined && list.some((o) => o.outbound === item.outbound);
  if (!dup) {
    list.push({ ...item, createdAt: item.createdAt ?? new Date().toISOString() });
    if (item.sound) playSound();
  }
  list = list.slice(-NOTIFICATIONS_KEPT);
  save();
  render();
}

/** Notifications stored by an earlier page: those younger than 1 hour, the latest 2. */
export function restoreNotifications(now = Date.now()): void {
  const stored = readJson<InAppNotification[]>(NOTIFICATIONS_KEY);
  if (!Array.isArray(stored)) return;
  list = stored
    .filter((n) => n?.data && now - new Date(n.createdAt ?? 0).getTime() < NOTIFICATION_MAX_AGE_MS)
    .slice(-NOTIFICATIONS_KEPT);
  save();
  if (!list.length || core.settings.disableInAppNotifications) return;
  ensureRoot();
  render();
}

/** Close all: the list, the stored copy and the news page. */
export function clearNotifications(): void {
  list = [];
  newsIndex = 0;
  save();
  render();
}

/** Remove the stack and its listeners (session cleared, destroy). */
export function removeNotifications(): void {
  clearNotifications();
  for (const off of offs.splice(0)) off();
  root?.host.remove();
  root = null;
}

export function getNotifications(): readonly InAppNotification[] {
  return list;
}
