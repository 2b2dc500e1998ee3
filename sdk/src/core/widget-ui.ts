import { EXTENDED_PAGES, type FrameToWidget, type WidgetMode } from '../protocol/messages';
import { focusButton, renderButton, removeButton } from '../ui/button';
import {
  ensureFrame,
  focusFrame,
  getFrameWindow,
  markFrameAnimated,
  markFrameLoaded,
  removeFrame,
  updateFrame,
} from '../ui/frame-container';
import { deepActive, getShadowRoot, removeShadowHost, setShadowStyles } from '../ui/host';
import type * as FrameStyles from '../ui/frame-styles';
import { widgetCss } from '../ui/styles';
import type { EditorModule } from './capture-port';
import { getFlowConfig, getServerConfig } from './config';
import { ANIMATE_DELAY_MS, BUTTON_POSITIONS, READY_OPEN_DELAY_MS } from './constants';
import { emit } from './emitter';
import { inApp, offlineForm, unwatchDialogs, watchDialogs } from './engage-port';
import { textDir } from './i18n';
import { attachFrame, isFrameReady, markFrameReady, sendToFrame } from './frame-bridge';
import { listenForFrameMessages, stopListeningForFrameMessages } from './frame-router';
import { captureState } from './capture-state';
import { getSession, isIdentified } from './session';
import { settings } from './state';

/**
 * The UI controller: what the visitor sees of the widget (launcher button, messenger frame, its mode and height, the
 * unread badge) and the moves between open and closed. The frame's messages reach it through `widget.ts`.
 */

/** UI state of the widget. */
export const ui = {
  open: false,
  wantOpen: false,
  mode: 'widget' as WidgetMode,
  firstOpenDone: false,
  unread: 0,
  hiddenByHost: false,
  height: undefined as number | undefined,
  /** The capture editor chunk, once a drawing loaded it (its drawings are cleared on close). */
  editor: null as EditorModule | null,
};
let openTimer: ReturnType<typeof setTimeout> | undefined;
let animateTimer: ReturnType<typeof setTimeout> | undefined;
let mounted = false;
let listening = false;
/** Where focus was when the messenger opened (kept while it only hides for a drawing); it goes back there on close. */
let opener: HTMLElement | null | undefined;

const isLeft = () => {
  const p = getFlowConfig().feedbackButtonPosition;
  return p === BUTTON_POSITIONS.bottomLeft || p === BUTTON_POSITIONS.classicLeft;
};
const isSurveyMode = () => ui.mode === 'survey' || ui.mode === 'survey_full' || ui.mode === 'survey_web';

/**
 * The frame container's stylesheet (`ui/frame-styles.ts`), loaded when the frame is first created; until it applies the
 * container is not displayed. When it arrives after the widget opened, focus moves into the frame then.
 */
let frameStyles: typeof FrameStyles | undefined;
let loadingFrameStyles = false;

function loadFrameStyles(): void {
  if (frameStyles || loadingFrameStyles) return;
  loadingFrameStyles = true;
  import('../ui/frame-styles').then(
    (m) => {
      frameStyles = m;
      renderUi();
      if (ui.open) focusFrame();
    },
    // tried again when the frame is next shown
    () => {
      loadingFrameStyles = false;
    },
  );
}

/** Re-render styles, button and frame from the current state. */
export function renderUi(): void {
  if (!mounted || typeof document === 'undefined' || !document.body) return;
  const config = getFlowConfig();
  setShadowStyles(widgetCss(config, frameStyles?.frameCss));
  renderButton(
    config,
    {
      open: ui.open,
      unread: ui.open ? 0 : ui.unread,
      hiddenByHost: ui.hiddenByHost,
      isGuest: !isIdentified(),
      surveyLook: isSurveyMode(),
    },
    toggleWidget,
  );
  updateFrame({
    mode: ui.mode,
    open: ui.open,
    left: isLeft(),
    rtl: !!config.localizationOptions?.rtl,
    height: ui.height,
  });
}

function listen(): void {
  listenForFrameMessages();
  if (listening) return;
  listening = true;
  document.addEventListener('keydown', handleKeydown);
}

function unlisten(): void {
  listening = false;
  stopListeningForFrameMessages();
  document.removeEventListener('keydown', handleKeydown);
}

export function handleKeydown(ev: KeyboardEvent): void {
  // the image viewer (a lazy chunk) takes its own Escape first
  if (ev.key === 'Escape' && ui.open && ui.mode !== 'survey_web') closeWidget();
}

/** Create the frame (once) and start listening; the frame itself tells us when it is ready. */
function prepareFrame(): void {
  if (!mounted) mountUi();
  listen();
  const first = !getFrameWindow();
  loadFrameStyles();
  ensureFrame(settings.frameUrl);
  attachFrame(getFrameWindow);
  if (first) {
    // first open: loading style now, animate class after 500 ms
    animateTimer = setTimeout(markFrameAnimated, ANIMATE_DELAY_MS);
  }
  renderUi();
}

function applyOpen(): void {
  if (ui.open) return;
  ui.open = true;
  if (opener === undefined) opener = deepActive();
  captureState.snapshotPosition = { x: window.scrollX, y: window.scrollY };
  renderUi();
  focusFrame();
  sendToFrame('widget-status-update', { isWidgetOpen: true });
  // the unread count is zero while open (and the messages are read once seen)
  if (ui.unread) setUnreadCount(0);
  emit('open');
}

/**
 * Open the widget: at once when the frame is ready, else 300 ms after its ping; a frame that does not load gives way to
 * the offline bug form (`engage/offline-form.ts`).
 */
export function showWidget(mode: WidgetMode = ui.mode === 'extended' ? 'widget' : ui.mode): void {
  if (typeof window === 'undefined') return;
  ui.mode = mode;
  ui.wantOpen = true;
  prepareFrame();
  if (isFrameReady()) applyOpen();
  else offlineForm((m) => m.watch());
}

/** Hide the frame without the close bookkeeping (used while drawing). */
export function hideWidget(): void {
  ui.wantOpen = false;
  if (!ui.open) return;
  ui.open = false;
  renderUi();
  sendToFrame('widget-status-update', { isWidgetOpen: false });
}

/** Close: hide the frame, clear drawings and emit `close`. */
export function closeWidget(): void {
  if (!ui.open && !ui.wantOpen) return;
  // keyboard users get back to where they were when it opened (else the launcher), when focus was inside the widget
  // or lost with a surface that went away
  const active = document.activeElement;
  const focusWasInside = !active || active === document.body || active.tagName === 'VOLTLINE-WIDGET';
  const back = opener;
  opener = undefined;
  hideWidget();
  ui.mode = 'widget';
  ui.height = undefined;
  ui.editor?.cleanupDrawings();
  renderUi();
  if (focusWasInside) {
    if (back?.isConnected && back !== document.body) back.focus({ preventScroll: true });
    else focusButton();
  }
  emit('close');
}

export function toggleWidget(): void {
  if (ui.open) closeWidget();
  else showWidget('widget');
}

export function isOpened(): boolean {
  return ui.open;
}

/** `ping`: the frame is ready. It gets config, session and prefill first, then the queue; the widget opens 300 ms later. */
export function handleFramePing(): void {
  markFrameReady(() => {
    notifyConfigToFrame();
    sendToFrame('session-update', { sessionData: getSession(), apiUrl: settings.apiUrl, sdkKey: settings.sdkKey });
    if (Object.keys(settings.preFill).length) sendToFrame('prefill-form-data', settings.preFill);
  });
  markFrameLoaded();
  clearTimeout(openTimer);
  openTimer = setTimeout(() => {
    if (ui.wantOpen) applyOpen();
  }, READY_OPEN_DELAY_MS);
}

/** `page-changed`: the news and extended app pages widen the frame; leaving them returns to widget mode. */
export function handlePageChanged(page: FrameToWidget['page-changed']): void {
  // the frame's data is not trusted to be there
  if ((EXTENDED_PAGES as readonly string[]).includes(page?.name)) ui.mode = 'extended';
  else if (ui.mode === 'extended') ui.mode = 'widget';
  renderUi();
}

/** `height-update`: the frame's content height (used by the survey modes). */
export function setFrameHeight(height: number): void {
  ui.height = Number(height) || undefined;
  renderUi();
}

/** Post a frame-screen message (queued until the frame is ready) and open the widget. */
export function openScreen<K extends Parameters<typeof sendToFrame>[0]>(
  name: K,
  data: Parameters<typeof sendToFrame<K>>[1],
  mode: WidgetMode = 'widget',
): void {
  sendToFrame(name, data, true);
  showWidget(mode);
}

/** The unread count: shown on the button while closed, zero while open. */
export function setUnreadCount(n: number): void {
  ui.unread = Math.max(0, n | 0);
  renderUi();
  if (settings.showTabBadge && typeof document !== 'undefined') {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = ui.unread > 0 ? `(${ui.unread}) ${base}` : base;
  }
  emit('unread-count-changed', ui.unread);
}

/** Tell the frame the session changed or was cleared. */
export function notifySessionToFrame(cleared: boolean): void {
  if (cleared) sendToFrame('session-cleared', undefined);
  else sendToFrame('session-update', { sessionData: getSession(), apiUrl: settings.apiUrl, sdkKey: settings.sdkKey });
}

/**
 * The config the frame gets: the server's answer with the effective flow config (defaults, server values and
 * `setStyles` overrides) both at the top level, as gleap sends it, and under `flowConfig`.
 */
export function frameConfig(): Record<string, unknown> {
  const flow = getFlowConfig();
  return { ...getServerConfig(), ...flow, flowConfig: flow };
}

export function notifyConfigToFrame(): void {
  sendToFrame('config-update', {
    config: frameConfig(),
    aiTools: settings.aiTools,
    overrideLanguage: settings.language,
  });
}

/** Remove every piece of UI and listener, and reset the UI state. */
export function teardownUiController(): void {
  unlisten();
  clearTimeout(openTimer);
  // a frame created after a destroy must not get the animate class of the one before
  clearTimeout(animateTimer);
  // the image viewer and the offline form live in the shadow root and go with it
  removeButton();
  removeFrame();
  removeShadowHost();
  unwatchDialogs();
  mounted = false;
  opener = undefined;
  Object.assign(ui, {
    open: false,
    wantOpen: false,
    mode: 'widget',
    firstOpenDone: false,
    unread: 0,
    height: undefined,
    editor: null,
  });
}

/**
 * The language's texts are in force (a pack loaded, `setLanguage`, `setLanguageStrings`): the widget's own hosts take
 * its direction, the button, the frame's title (`updateFrame`) and a notification stack on the page are drawn again; the other
 * surfaces read the texts when they next show.
 */
export function applyTexts(): void {
  if (typeof document === 'undefined') return;
  for (const host of document.querySelectorAll<HTMLElement>('[data-gleap]')) host.dir = textDir();
  renderUi();
  if (document.querySelector('voltline-notifications')) inApp((m) => m.renderNotifications());
}

/** Make sure the shadow host exists (initialize renders the button through it). */
export function mountUi(): void {
  if (typeof document === 'undefined' || !document.body) return;
  mounted = true;
  getShadowRoot();
  renderUi();
  watchDialogs();
}

export function isUiMounted(): boolean {
  return mounted;
}
