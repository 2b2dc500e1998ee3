import { startConsoleLogger, stopConsoleLogger } from '../logs/console-recorder';
import { clearCustomEvents } from '../logs/custom-events';
import {
  setNetworkBlacklist,
  setNetworkPropsToIgnore,
  startNetworkLogger,
  stopNetworkLogger,
} from '../logs/network-logger';
import { startPingStream, stopPingStream } from '../logs/ping-stream';
import { capturePort } from './capture-port';
import { applyCachedConfig, getFlowConfig, getTooltips, loadConfig, loadTooltips } from './config';
import { LANGUAGE_REINIT_MS } from './constants';
import { loadLanguage } from './i18n';
import { nextTask, timed, whenIdle } from './timing';
import { emit, on } from './emitter';
import { builder, inApp, offlineForm, tooltips, tours } from './engage-port';
import { extensions } from './extensions';
import { readJson } from './storage';
import { resetFrameBridge } from './frame-bridge';
import { cancelReportRetry, flushReportQueue, preloadReportPipeline } from './report-port';
import { clearSession, getSession, isSessionReady, readStoredSession, startSession, updateSession } from './session';
import { connectSocket, disconnectSocket } from './socket';
import { originOf, settings } from './state';
import { teardownUi } from './widget';
import { applyServerUpdate } from './widget-flows';
import {
  isOpened,
  isUiMounted,
  mountUi,
  notifyConfigToFrame,
  notifySessionToFrame,
  renderUi,
  setUnreadCount,
  applyTexts,
} from './widget-ui';

export const runtime = {
  initialized: false,
  consoleOverwrite: true,
  networkLogsStarted: false,
  cleanups: [] as (() => void)[],
};

let langTimer: ReturnType<typeof setTimeout> | undefined;

/** Hosts the network logger never records: the provider's own API and socket, plus the integrator's list. */
export function applyNetworkRules(): void {
  const cfg = getFlowConfig();
  const own = [originOf(settings.apiUrl), originOf(settings.wsUrl.replace(/^ws/, 'http'))].filter(Boolean);
  setNetworkBlacklist([...own, ...(cfg.networkLogBlacklist ?? []), ...extraBlacklist]);
  setNetworkPropsToIgnore([...(cfg.networkLogPropsToIgnore ?? []), ...extraPropsToIgnore]);
}

export const extraBlacklist: string[] = [];
export const extraPropsToIgnore: string[] = [];

function onConfig(): void {
  applyNetworkRules();
  const cfg = getFlowConfig();
  if (cfg.enableNetworkLogs !== false && !runtime.networkLogsStarted) {
    runtime.networkLogsStarted = true;
    startNetworkLogger();
  }
  if (cfg.enableWebReplays) void capturePort.replay().then((m) => m?.startReplay());
  renderUi();
  notifyConfigToFrame();
}

let configReady: Promise<unknown> = Promise.resolve();
let announced = false;

/** Build the UI (once) unless the widget was destroyed meanwhile. */
function mount(): void {
  if (!runtime.initialized || !document.body || isUiMounted()) return;
  timed('mount', mountUi);
  // the language's pack (a chunk) when it is not English: the button is drawn again in it
  loadLanguage()?.then(applyTexts);
  // in the module cache before the network may go: the form shown when the messenger frame cannot load, and the report
  // pipeline that keeps its report in the outbox
  offlineForm(() => {});
  preloadReportPipeline();
  // notifications of an earlier page (the in-app chunk loads only when there are some)
  if (readJson<unknown[]>('gleap-widget-unread-notifications')?.length) inApp((m) => m.restoreNotifications());
}

function onSessionReady(): void {
  if (!announced) {
    // `initialized` fires once: when the first session (maybe after restarts) and the config are there
    announced = true;
    void configReady.then(() => {
      if (!runtime.initialized) return;
      mount();
      emit('initialized');
      // an unfinished product tour of an earlier page resumes (the key is the wire's, pinned by tours/constants.test),
      // and a `gleap_tour` start an earlier page stored runs when its delay is over
      if (readJson('gleap-tour-data') || readJson('gleap-tour-start')) tours((m) => m.resume());
    });
  }
  startStreams();
  const hash = getSession()?.gleapHash;
  if (hash) emit('register-pushmessage-group', `gleapuser-${hash}`);
  flushReportQueue();
}

/**
 * The socket and the event stream (`/sessions/ping`). As in gleap they run on every host (live mode decides only about
 * resource inlining), but never in offline mode: its events wait in the buffer until it ends.
 */
function startStreams(): void {
  const s = getSession();
  if (settings.offline || !s?.gleapId || !s.gleapHash) return;
  connectSocket(s.gleapId, s.gleapHash, applyServerUpdate);
  startPingStream({ isOpen: isOpened, pageTracking: !settings.disablePageTracking });
}

/** Offline mode on: close the socket and stop the event stream; off: start both again (with a ready session). */
export function setOfflineMode(offline: boolean): void {
  settings.offline = offline;
  if (!runtime.initialized) return;
  if (offline) {
    disconnectSocket();
    stopPingStream();
  } else if (isSessionReady()) startStreams();
}

/**
 * Start the widget: session first, then config (at once when a session is stored), button, logs, socket and ping
 * stream. A no-op on the server and when already initialized.
 */
export function initialize(sdkKey: string): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  if (runtime.initialized) {
    console.warn('Gleap already initialized.');
    return;
  }
  timed('initialize', () => start(sdkKey));
}

function start(sdkKey: string): void {
  try {
    runtime.initialized = true;
    settings.sdkKey = sdkKey;
    settings.startedAt = Date.now();
    extensions.startProductTour = (id) => tours((m) => m.startProductTour(id));
    extensions.startProductTourWithConfig = (id, config) => tours((m) => m.startProductTourWithConfig(id, config));
    startConsoleLogger({ wrapConsole: runtime.consoleOverwrite });
    // a page another window opened may be the admin builder's: a small chunk says init and loads the builder only
    // when the builder answers (tours/builder/opener.ts)
    if (window.opener) builder((m) => runtime.initialized && runtime.cleanups.push(m.start()));
    runtime.cleanups.push(
      on('config-updated', onConfig),
      on('session-ready', onSessionReady),
      on('action-in-app', (action) => inApp((m) => m.runAction(action))),
      on('action-tour', (action) => tours((m) => m.runAction(action))),
      on('session-updated', () => {
        renderUi();
        notifySessionToFrame(false);
      }),
      on('session-cleared', (hash) => {
        notifySessionToFrame(true);
        setUnreadCount(0);
        if (hash) emit('unregister-pushmessage-group', `gleapuser-${hash}`);
      }),
    );
    const online = () => flushReportQueue();
    window.addEventListener('online', online);
    runtime.cleanups.push(() => window.removeEventListener('online', online));
    // Storage and network start in the next task: the first localStorage read and the first fetch of a page cost the
    // host 2-10 ms of its own task, while the session round trip that follows takes far longer than one task's delay.
    const generation = ++starts;
    nextTask(() => {
      if (runtime.initialized && generation === starts) timed('start', connect);
    });
  } catch (err) {
    console.error('Failed to initialize Gleap.', err);
  }
}

/** Counts initialize calls, so that a start deferred before a destroy never runs after it (or after a re-init). */
let starts = 0;

/** Session first, then config (at once when a session is stored), and the UI when the main thread is idle. */
function connect(): void {
  try {
    const stored = readStoredSession();
    const hadSession = !!stored?.gleapId;
    applyCachedConfig();
    const refresh = () => loadConfig().catch(() => {});
    // the network goes first: it is what the visitor waits for
    const sessionDone = startSession(stored);
    // with a stored session the config goes out at once; a fresh visitor waits for the session
    configReady = hadSession ? refresh() : sessionDone.then(refresh);
    // the tooltips chunk loads only when the server has tooltips for this key
    void sessionDone.then(loadTooltips).then(() => {
      if (getTooltips().length) tooltips((m) => m.startTooltips(getTooltips()));
    });
    applyNetworkRules();
    // the UI is built off the host's critical path, and at the latest when the widget is ready
    whenIdle(mount);
  } catch (err) {
    console.error('Failed to initialize Gleap.', err);
  }
}

/** Stop everything: replay, event stream, loggers, socket, UI, session. */
export function destroy(): void {
  if (typeof window === 'undefined') return;
  void capturePort.replay().then((m) => m?.stopReplay());
  stopPingStream();
  cancelReportRetry();
  stopNetworkLogger();
  stopConsoleLogger();
  disconnectSocket();
  clearTimeout(langTimer);
  clearSession();
  for (const c of runtime.cleanups.splice(0)) c();
  // a running tour ends as quit (its host is on the page only while one runs, so this never loads the chunk for nothing)
  if (document.querySelector('voltline-tour')) tours((m) => m.stop());
  teardownUi();
  resetFrameBridge();
  clearCustomEvents();
  runtime.initialized = false;
  announced = false;
  runtime.networkLogsStarted = false;
}

/** Change the language; an initialized widget re-initializes softly after 1 s and updates the contact's lang. */
export function setLanguage(language: string): void {
  settings.language = language;
  if (!runtime.initialized) return;
  void Promise.resolve(loadLanguage()).then(applyTexts);
  clearTimeout(langTimer);
  langTimer = setTimeout(() => {
    applyCachedConfig();
    void loadConfig().catch(() => {});
    if (isSessionReady()) void updateSession({}, true).catch(() => {});
  }, LANGUAGE_REINIT_MS);
}

/** Forget the identified user and start a fresh guest session. */
export function clearIdentity(): void {
  clearSession();
  if (runtime.initialized) void startSession();
}
