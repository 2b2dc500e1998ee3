import { addLog } from '../logs/console-recorder';
import type { FrameToWidget } from '../protocol/messages';
import { imageViewer } from './engage-port';
import { emit } from './emitter';
import { extensions } from './extensions';
import { type MessageHandlers, frameMessages } from './frame-router';
import { openSafeUrl } from './safe-url';
import { settings } from './state';
import { startScreenDrawing } from './widget-drawing';
import {
  collectTicketData,
  removeCaptureItemFromReport,
  resetCaptureForFlow,
  resetFeedbackState,
  sendCaptureSummary,
  sendFeedbackFromFrame,
} from './report-port';
import { closeWidget, handleFramePing, handlePageChanged, setFrameHeight, teardownUiController, ui } from './widget-ui';

/**
 * The widget core's answer to each message of the messenger frame, as one table over `FrameToWidget`. The work lives in
 * the modules beside this one:
 *
 * - `widget-ui.ts`       UI controller: button, frame, open/close/show/hide, mode, height, unread count
 * - `widget-feedback.ts` feedback sending: `send-feedback` -> report, capture preview, silent crash reports
 * - `widget-drawing.ts`  screen drawing through the lazy capture editor
 * - `widget-flows.ts`    feedback flows, surveys and the server's pushed actions
 * - `frame-router.ts`    the router these handlers are registered on; later surfaces register theirs there too
 */

/** Set by the public API: acts on `gleap://` deep links and reports whether the URL was one. */
export const linkHook: { handle?: (href: string) => boolean } = {};

function openUrl(url: string, newTab?: boolean): void {
  if (url.startsWith('gleap://') && linkHook.handle?.(url)) return;
  openSafeUrl(url, newTab);
}

/**
 * `start-product-tour` from the frame: the tour runs over the page, so the widget closes first. Without the tours
 * loader (`initialize` sets it) the request is logged and the widget stays open, never thrown into the host.
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

/** What the core does with each frame message. The frame's data is not trusted to be there (hence the `?.`). */
export const coreFrameHandlers: MessageHandlers<FrameToWidget> = {
  ping: handleFramePing,
  'play-ping': () => {
    if (settings.playSound) void new Audio(settings.soundUrl).play().catch(() => {});
  },
  'open-image': (image) => imageViewer((m) => m.openImageViewer(image.url)),
  'page-changed': handlePageChanged,
  'collect-ticket-data': collectTicketData,
  'height-update': setFrameHeight,
  'notify-event': (event) => {
    if (event?.type === 'flow-started') resetCaptureForFlow();
    emit(event?.type, event?.data);
  },
  'cleanup-drawings': () => ui.editor?.cleanupDrawings(),
  'open-url': (url, envelope) => openUrl(String(url), envelope.newTab === true),
  'run-custom-action': (name, envelope) => {
    for (const cb of settings.customActions)
      cb({ name: String(name), shareToken: envelope.shareToken as string | undefined });
    emit('custom-action', { name, shareToken: envelope.shareToken });
  },
  'close-widget': closeWidget,
  'tool-execution': (data) => emit('tool-execution', data),
  'send-feedback': (feedback) => void sendFeedbackFromFrame(feedback),
  'start-screen-drawing': (kind) => void startScreenDrawing(kind === 'capture' ? 'capture' : 'screenshot'),
  'start-product-tour': (tour) => startTourFromFrame(tour?.tourId),
  'request-capture-summary': sendCaptureSummary,
  'remove-capture-item': (removal) => removeCaptureItemFromReport(removal?.item),
};

frameMessages.register(coreFrameHandlers);

/** Remove every piece of UI and listener (destroy); the handlers stay registered for the next initialize. */
export function teardownUi(): void {
  teardownUiController();
  resetFeedbackState();
}
