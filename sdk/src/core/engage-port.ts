import type * as InApp from '../engage/in-app';
import type * as Tooltips from '../engage/tooltips';
import type * as Tours from '../tours/tours';
import type * as Builder from '../tours/builder/opener';
import type * as ImageViewer from '../engage/image-viewer';
import type * as OfflineForm from '../engage/offline-form';
import type * as TopLayer from '../engage/top-layer';
import { decodeMessage, encodeMessage, isBannerToPage } from '../protocol/messages';
import { addShadowStyles, getShadowRoot } from '../ui/host';
import { trackEvent } from '../logs/custom-events';
import { addLog } from '../logs/console-recorder';
import { getFlowConfig } from './config';
import { emit, on } from './emitter';
import { localize, textDir } from './i18n';
import { api } from './http';
import { getSession, isSessionReady } from './session';
import { settings } from './state';
import { sendFeedbackFromFrame } from './report-port';
import { showSurvey, startFeedbackFlow } from './widget-flows';
import { openScreen, showWidget, ui } from './widget-ui';

/**
 * The only door from the core to the lazy engagement chunks (`src/engage/*`: notification stack and banner, tooltips;
 * `src/tours/`: product tours; `src/tours/builder/`: the admin builder; `src/engage/offline-form.ts`: the bug form shown
 * when the messenger frame cannot load; `src/engage/image-viewer.ts`: the frame's `open-image`).
 * The chunks get what they use of the core handed over (`EngageCore`) instead of importing it, so that the core stays
 * one file and pays nothing for them (the capture chunks work the same way through `capture-port.ts`).
 */
const engageCore = () => ({
  settings,
  ui,
  on,
  emit,
  api,
  trackEvent,
  isSessionReady,
  getFlowConfig,
  getSession,
  openScreen,
  showWidget,
  showSurvey,
  startFeedbackFlow,
  addLog,
  getShadowRoot,
  addShadowStyles,
  sendFeedbackFromFrame,
  encodeMessage,
  decodeMessage,
  isBannerToPage,
  localize,
  textDir,
});

export type EngageCore = ReturnType<typeof engageCore>;

// Literal import() specifiers, so that bundlers emit each as its own chunk. A chunk that fails to load (network, CSP)
// and a job that throws are dropped: the surface does not show, the host page never sees an error.
const run = <M extends { use(core: EngageCore): void }>(load: Promise<M>, job: (m: M) => void): void =>
  void load
    .then((m) => {
      m.use(engageCore());
      job(m);
    })
    .catch(() => {});

/** Run `job` on the in-app chunk (notification stack, banner). */
export const inApp = (job: (m: typeof InApp) => void) => run(import('../engage/in-app'), job);

/** Run `job` on the tooltips chunk. */
export const tooltips = (job: (m: typeof Tooltips) => void) => run(import('../engage/tooltips'), job);

/** Run `job` on the product tours chunk. */
export const tours = (job: (m: typeof Tours) => void) => run(import('../tours/tours'), job);

/** Run `job` on the admin builder's door (`opener.ts`: it loads the builder chunk when the builder answers). */
export const builder = (job: (m: typeof Builder) => void) => run(import('../tours/builder/opener'), job);

/** Run `job` on the offline bug form (preloaded after initialize, so that it is there when the network is not). */
export const offlineForm = (job: (m: typeof OfflineForm) => void) => run(import('../engage/offline-form'), job);

/** Run `job` on the image viewer chunk (`open-image`). */
export const imageViewer = (job: (m: typeof ImageViewer) => void) => run(import('../engage/image-viewer'), job);

/** Run `job` on the top layer chunk (a host page's modal dialog is open or just closed). */
export const topLayer = (job: (m: typeof TopLayer) => void) => run(import('../engage/top-layer'), job);

let dialogs: MutationObserver | undefined;

/**
 * Watch the page's dialogs (issue 36 item 10): when one opens or closes (its `open` attribute), or a widget host is
 * added to `<body>` while one is open, the top layer chunk puts the widget's hosts above the topmost modal dialog.
 */
export function watchDialogs(): void {
  if (dialogs || typeof MutationObserver === 'undefined') return;
  const check = () => {
    if (document.querySelector('dialog[open],[data-gleap][popover]')) topLayer((m) => m.place());
  };
  dialogs = new MutationObserver(check);
  dialogs.observe(document.documentElement, { subtree: true, attributeFilter: ['open'] });
  dialogs.observe(document.body, { childList: true });
  check();
}

export function unwatchDialogs(): void {
  dialogs?.disconnect();
  dialogs = undefined;
}
