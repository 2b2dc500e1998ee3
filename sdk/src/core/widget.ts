import { EXTENDED_PAGES, type SendFeedbackData, type WidgetMode } from '../protocol/messages';
import { addLog } from '../logs/console-logger';
import { trackEvent } from '../logs/custom-events';
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
import { getShadowRoot, removeShadowHost, setShadowStyles } from '../ui/host';
import { closeImageViewer, isImageViewerOpen, openImageViewer } from '../ui/image-viewer';
import { widgetCss } from '../ui/styles';
import { type EditorModule, capturePort } from './capture-port';
import { getFlowConfig, getServerConfig } from './config';
import {
  ANIMATE_DELAY_MS,
  BUTTON_POSITIONS,
  FEEDBACK_FAILED_TEXT,
  READY_OPEN_DELAY_MS,
  SILENT_CRASH_REARM_MS,
} from './constants';
import { emit } from './emitter';
import { extensions } from './extensions';
import { acceptFrameMessage, attachFrame, isFrameReady, markFrameReady, sendToFrame } from './frame-bridge';
import { api } from './http';
import {
  buildReport,
  capturePreview,
  captureState,
  collectTicketData,
  previewExclusions,
  removeCaptureItem,
  resetCapturePreview,
  submitReport,
  summarizeNextReport,
} from './report';
import type { ExcludeData, Priority } from './report-types';
import { openSafeUrl } from './safe-url';
import { getSession, isIdentified, isSessionReady } from './session';
import { settings } from './state';

export const SOUND_URL = 'https://js.gleap.io/res/ping.mp3';

/** UI state of the widget. */
export const ui = {
  open: false,
  wantOpen: false,
  mode: 'widget' as WidgetMode,
  firstOpenDone: false,
  unread: 0,
  hiddenByHost: false,
  height: undefined as number | undefined,
  editor: null as EditorModule | null,
};
let openTimer: ReturnType<typeof setTimeout> | undefined;
let mounted = false;
let listening = false;
let silentSent = false;

const isLeft = () => {
  const p = getFlowConfig().feedbackButtonPosition;
  return p === BUTTON_POSITIONS.bottomLeft || p === BUTTON_POSITIONS.classicLeft;
};
const isSurveyMode = () => ui.mode === 'survey' || ui.mode === 'survey_full' || ui.mode === 'survey_web';

/** Re-render styles, button and frame from the current state. */
export function renderUi(): void {
  if (!mounted || typeof document === 'undefined' || !document.body) return;
  const config = getFlowConfig();
  setShadowStyles(widgetCss(config));
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
  if (listening) return;
  listening = true;
  window.addEventListener('message', handleWindowMessage);
  document.addEventListener('keydown', handleKeydown);
}

function unlisten(): void {
  listening = false;
  window.removeEventListener('message', handleWindowMessage);
  document.removeEventListener('keydown', handleKeydown);
}

export function handleKeydown(ev: KeyboardEvent): void {
  if (ev.key !== 'Escape') return;
  if (isImageViewerOpen()) {
    closeImageViewer();
    return;
  }
  if (ui.open && ui.mode !== 'survey_web') closeWidget();
}

/** Create the frame (once) and start listening; the frame itself tells us when it is ready. */
function prepareFrame(): void {
  if (!mounted) mountUi();
  listen();
  const first = !getFrameWindow();
  ensureFrame(settings.frameUrl);
  attachFrame(getFrameWindow);
  if (first) {
    // first open: loading style now, animate class after 500 ms
    setTimeout(markFrameAnimated, ANIMATE_DELAY_MS);
  }
  renderUi();
}

function applyOpen(): void {
  if (ui.open) return;
  ui.open = true;
  captureState.snapshotPosition = { x: window.scrollX, y: window.scrollY };
  renderUi();
  focusFrame();
  sendToFrame('widget-status-update', { isWidgetOpen: true });
  emit('open');
}

/** Open the widget: at once when the frame is ready, else 300 ms after its ping. */
export function showWidget(mode: WidgetMode = ui.mode === 'extended' ? 'widget' : ui.mode): void {
  if (typeof window === 'undefined') return;
  ui.mode = mode;
  ui.wantOpen = true;
  prepareFrame();
  if (isFrameReady()) applyOpen();
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
  // keyboard users get back to where they were: the launcher, when focus was inside the widget
  const focusWasInside = document.activeElement?.tagName === 'VOLTLINE-WIDGET';
  hideWidget();
  ui.mode = 'widget';
  ui.height = undefined;
  ui.editor?.cleanupDrawings();
  renderUi();
  if (focusWasInside) focusButton();
  emit('close');
}

export function toggleWidget(): void {
  if (ui.open) closeWidget();
  else showWidget('widget');
}

export function isOpened(): boolean {
  return ui.open;
}

function handlePing(): void {
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

/** Set by the public API: acts on `gleap://` deep links and reports whether the URL was one. */
export const linkHook: { handle?: (href: string) => boolean } = {};

function openUrl(url: string, newTab?: boolean): void {
  if (url.startsWith('gleap://') && linkHook.handle?.(url)) return;
  openSafeUrl(url, newTab);
}

/** Route one window message: only frame messages from the exact frame origin get through. */
export function handleWindowMessage(ev: MessageEvent): void {
  const msg = acceptFrameMessage(ev);
  if (!msg) return;
  try {
    switch (msg.name) {
      case 'ping':
        handlePing();
        break;
      case 'play-ping':
        if (settings.playSound) void new Audio(SOUND_URL).play().catch(() => {});
        break;
      case 'open-image':
        openImageViewer(msg.data.url);
        break;
      case 'page-changed':
        if ((EXTENDED_PAGES as readonly string[]).includes(msg.data?.name)) ui.mode = 'extended';
        else if (ui.mode === 'extended') ui.mode = 'widget';
        renderUi();
        break;
      case 'collect-ticket-data':
        sendToFrame('collect-ticket-data', collectTicketData());
        break;
      case 'height-update':
        ui.height = Number(msg.data) || undefined;
        renderUi();
        break;
      case 'notify-event':
        if (msg.data?.type === 'flow-started') void resetCaptureForFlow();
        emit(msg.data?.type, msg.data?.data);
        break;
      case 'cleanup-drawings':
        ui.editor?.cleanupDrawings();
        break;
      case 'open-url':
        openUrl(String(msg.data), msg.newTab === true);
        break;
      case 'run-custom-action':
        for (const cb of settings.customActions)
          cb({ name: String(msg.data), shareToken: msg.shareToken as string | undefined });
        emit('custom-action', { name: msg.data, shareToken: msg.shareToken });
        break;
      case 'close-widget':
        closeWidget();
        break;
      case 'tool-execution':
        emit('tool-execution', msg.data);
        break;
      case 'send-feedback':
        void sendFeedbackFromFrame(msg.data);
        break;
      case 'start-screen-drawing':
        void startScreenDrawing(msg.data === 'capture' ? 'capture' : 'screenshot');
        break;
      case 'start-product-tour':
        startTourFromFrame(msg.data?.tourId);
        break;
      case 'request-capture-summary':
        void summarizeNextReport().then((summary) => summary && sendToFrame('capture-summary', summary));
        break;
      case 'remove-capture-item': {
        const summary = removeCaptureItem(msg.data?.item);
        if (summary) sendToFrame('capture-summary', summary);
        break;
      }
    }
  } catch (err) {
    addLog(`Voltline widget: ${String(err)}`, 'ERROR');
  }
}

/**
 * `start-product-tour` from the frame: the tour runs over the page, so the widget closes first. Without the tours
 * module (not loaded, or not built yet) the request is logged and the widget stays open, never thrown into the host.
 */
function startTourFromFrame(tourId: unknown): void {
  if (typeof tourId !== 'string' || !tourId) return;
  if (!extensions.startProductTour) {
    addLog(`Voltline widget: product tour ${tourId} requested, but tours are not available`, 'WARNING');
    return;
  }
  closeWidget();
  extensions.startProductTour(tourId);
}

/** On `flow-started`: drop the previous replay and recording and start a fresh replay. */
async function resetCaptureForFlow(): Promise<void> {
  resetCapturePreview();
  captureState.webReplay = undefined;
  captureState.screenRecordingUrl = undefined;
  (await capturePort.replay())?.resetReplay();
}

/** `send-feedback` -> report -> `feedback-sent` or `feedback-sending-failed` (+ the events of §7). */
export async function sendFeedbackFromFrame(d: SendFeedbackData): Promise<void> {
  try {
    const report = await buildReport({
      type: d.action?.feedbackType || 'BUG',
      priority: 'MEDIUM',
      formData: d.formData,
      // What the visitor removed in the form's preview is never sent, whatever the frame's own switches say.
      excludeData: { ...d.action?.excludeData, ...previewExclusions() },
      outboundId: d.outboundId,
      spamToken: d.spamToken,
      snapshot: capturePreview.snapshot,
    });
    const outcome = await submitReport(report);
    sendToFrame('feedback-sent', outcome.status === 'sent' ? outcome.result : { queued: true });
    emit('feedback-sent', d.formData);
    if (d.outboundId) {
      emit('outbound-sent', { outboundId: d.outboundId, outbound: d.outboundId, formData: d.formData });
      const { reportedBy: _omit, ...rest } = d.formData ?? {};
      trackEvent(`${d.outboundId}-submitted`, rest);
    }
    captureState.screenRecordingUrl = undefined;
    resetCapturePreview();
  } catch (err) {
    sendToFrame('feedback-sending-failed', FEEDBACK_FAILED_TEXT);
    emit('error-while-sending', err);
  }
}

/** `POST /uploads/sdk` (multipart `file`): the file URL, or a rejection for any status other than 200. */
export async function uploadFile(file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  const res = await api<{ fileUrl: string }>('POST', '/uploads/sdk', form, [200]);
  return res.fileUrl;
}

/** Drawing: hide the widget, run the capture editor, show the widget again and tell the frame what was captured. */
export async function startScreenDrawing(mode: 'screenshot' | 'capture', showAfter = true): Promise<boolean> {
  const wasOpen = ui.open || ui.wantOpen;
  hideWidget();
  const editor = await capturePort.editor();
  ui.editor = editor;
  let captured = false;
  if (editor) {
    try {
      const result = await editor.openCaptureEditor({ mode, upload: uploadFile });
      if (result.cancelled) editor.cleanupDrawings();
      else {
        captured = true;
        // A new capture replaces what the preview showed; the frame asks for a new summary.
        capturePreview.snapshot = undefined;
        capturePreview.removed.delete(result.mode === 'capture' ? 'screenRecording' : 'screenshot');
        if (result.mode === 'capture') captureState.screenRecordingUrl = result.screenRecordingUrl;
        sendToFrame('set-form-data', { formKey: 'capture', data: { value: result.mode, dirty: true } }, true);
      }
    } catch (err) {
      addLog(`Voltline widget: capture failed ${String(err)}`, 'ERROR');
    }
  }
  if (showAfter || wasOpen) showWidget();
  return captured;
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

export interface FeedbackFlowOptions {
  autostartDrawing?: boolean;
  hideBackButton?: boolean;
  format?: string;
}

/** Start a feedback flow by id; only once the session is ready. */
export function startFeedbackFlow(flow = 'bugreporting', options: FeedbackFlowOptions = {}): void {
  if (!isSessionReady()) return;
  const run = () =>
    openScreen('start-feedbackflow', {
      flow,
      hideBackButton: !!options.hideBackButton,
      format: options.format ?? 'widget',
    });
  if (options.autostartDrawing) void startScreenDrawing('screenshot', false).then(run);
  else run();
}

/** Start a survey in its format (survey, survey_full or survey_web). */
export function showSurvey(surveyId: string, format = 'survey'): void {
  if (!surveyId) return;
  const mode = (['survey', 'survey_full', 'survey_web'].includes(format) ? format : 'survey') as WidgetMode;
  openScreen('start-survey', { flow: surveyId, hideBackButton: true, format }, mode);
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

/** A WebSocket `update`: actions and unread count apply only while the widget is closed. */
export function applyServerUpdate(update: { a?: unknown[]; u?: number }): void {
  // While open, actions and the unread count wait (spec §4), but the frame hears of it so an open conversation
  // fetches its new messages without a reload.
  if (ui.open) {
    sendToFrame('server-update', typeof update.u === 'number' ? { u: update.u } : {});
    return;
  }
  if (typeof update.u === 'number') setUnreadCount(update.u);
  for (const action of update.a ?? [])
    performAction(action as { actionType?: string; format?: string; outbound?: string });
}

/** Surveys open in the frame; notifications, banners and tours go to their (later) modules through events. */
export function performAction(action: {
  actionType?: string;
  format?: string;
  outbound?: string;
  data?: unknown;
}): void {
  const t = action.actionType;
  if (!t) return;
  if (t === 'notification' || t === 'banner' || t === 'tour') emit(`action-${t}`, action);
  else showSurvey(t, action.format);
}

/** Silent crash report: only with a ready session, at most once per 10 s; failures are swallowed (§8). */
export function sendSilentCrashReport(
  formData: Record<string, unknown>,
  priority: Priority = 'MEDIUM',
  excludeData: ExcludeData = { screenshot: false, replays: false, attachments: true },
): void {
  if (!isSessionReady() || silentSent) return;
  silentSent = true;
  setTimeout(() => {
    silentSent = false;
  }, SILENT_CRASH_REARM_MS);
  void buildReport({ type: 'CRASH', priority, formData, excludeData, isSilent: true })
    .then(submitReport)
    .catch(() => {});
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

/** Remove every piece of UI and listener. */
export function teardownUi(): void {
  unlisten();
  clearTimeout(openTimer);
  closeImageViewer();
  removeButton();
  removeFrame();
  removeShadowHost();
  mounted = false;
  Object.assign(ui, {
    open: false,
    wantOpen: false,
    mode: 'widget',
    firstOpenDone: false,
    unread: 0,
    height: undefined,
    editor: null,
  });
  silentSent = false;
}

/** Make sure the shadow host exists (initialize renders the button through it). */
export function mountUi(): void {
  if (typeof document === 'undefined' || !document.body) return;
  mounted = true;
  getShadowRoot();
  renderUi();
}

export function isUiMounted(): boolean {
  return mounted;
}
