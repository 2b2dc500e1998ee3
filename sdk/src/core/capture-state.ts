import type { CaptureItem, CaptureSummary } from '../protocol/messages';
import type { RecordingFile, ScreenshotData, WebReplayPayload } from './report-types';

/**
 * The capture state the core keeps while the report pipeline (`report.ts`, `outbox.ts`, `widget-feedback.ts`) is not
 * loaded yet: the core writes it (the widget opens, a drawing ends), the pipeline reads it when it builds a report.
 */

/**
 * Globals of §3: the last screen recording (uploaded by the outbox with its report), the replay, and the scroll position
 * saved when the widget opened.
 */
export const captureState = {
  screenRecording: undefined as RecordingFile | undefined,
  webReplay: undefined as WebReplayPayload | undefined,
  snapshotPosition: { x: 0, y: 0 },
};

/**
 * The "what will be sent" preview of the feedback form: the snapshot it showed (sent as shown) and the items the visitor
 * removed (left out of the next report sent from the frame).
 */
export const capturePreview = {
  snapshot: undefined as ScreenshotData | undefined,
  removed: new Set<CaptureItem>(),
  last: undefined as CaptureSummary | undefined,
  /** Increases with every request, so that a slow, older summary never overwrites a newer one. */
  sequence: 0,
};

/** Forget the preview (after a send, on a new flow). */
export function resetCapturePreview(): void {
  capturePreview.snapshot = undefined;
  capturePreview.removed.clear();
  capturePreview.last = undefined;
  capturePreview.sequence += 1;
}
