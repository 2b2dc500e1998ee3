import { trackEvent } from '../logs/custom-events';
import type { CaptureItem, FeedbackQueued, SendFeedbackData } from '../protocol/messages';
import { capturePort } from './capture-port';
import { FEEDBACK_FAILED_TEXT } from './constants';
import { emit } from './emitter';
import { sendToFrame } from './frame-bridge';
import { buildReport, previewExclusions, removeCaptureItem, submitReport, summarizeNextReport } from './report';
import { capturePreview, captureState, resetCapturePreview } from './capture-state';
import type { ExcludeData, Priority } from './report-types';

/**
 * Feedback sending: the frame's `send-feedback` becomes a report (`report.ts` builds and submits it), the capture
 * preview the form shows, and silent crash reports (a screen recording is uploaded by the outbox, with its report).
 */

/**
 * `send-feedback` -> report -> `feedback-sent` or `feedback-sending-failed` (+ the events of §7). A report the outbox
 * kept to send later (offline, time-out, 429, 5xx) is `feedback-sent` `{queued: true}` to the frame, which says it is
 * saved, and `error-while-sending` to the integrator: it was not sent yet. A final refusal is the §8 failure.
 */
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
    if (outcome.status === 'queued') {
      sendToFrame('feedback-sent', { queued: true } satisfies FeedbackQueued);
      emit('error-while-sending', outcome.error);
    } else {
      sendToFrame('feedback-sent', outcome.result);
      emit('feedback-sent', d.formData);
      if (d.outboundId)
        emit('outbound-sent', { outboundId: d.outboundId, outbound: d.outboundId, formData: d.formData });
    }
    if (d.outboundId) {
      // the visitor answered, whether the answer went now or waits in the outbox
      const { reportedBy: _omit, ...rest } = d.formData ?? {};
      trackEvent(`${d.outboundId}-submitted`, rest);
    }
    captureState.screenRecording = undefined;
    resetCapturePreview();
  } catch (err) {
    sendToFrame('feedback-sending-failed', FEEDBACK_FAILED_TEXT);
    emit('error-while-sending', err);
  }
}

/** `request-capture-summary`: tell the frame what the next report will carry. */
export function sendCaptureSummary(): void {
  void summarizeNextReport().then((summary) => summary && sendToFrame('capture-summary', summary));
}

/** `remove-capture-item`: leave the item out of the next report and send the new summary. */
export function removeCaptureItemFromReport(item: CaptureItem): void {
  const summary = removeCaptureItem(item);
  if (summary) sendToFrame('capture-summary', summary);
}

/**
 * On `flow-started`: drop the previous flow's replay and recording, and take the replay of the visit so far for this
 * flow's report, as gleap does (`takeCurrentReplay`). Recording goes on: the replay shows what led to the report, not
 * only the time spent in the form (a fresh replay said "last 0 seconds, 2 events").
 */
export async function resetCaptureForFlow(): Promise<void> {
  resetCapturePreview();
  captureState.webReplay = undefined;
  captureState.screenRecording = undefined;
  captureState.webReplay = (await capturePort.replay())?.getReplayPayload() ?? undefined;
}

/** Build and send a silent crash report; failures are swallowed (§8). The gate is `report-port.ts`'s. */
export function sendSilentReport(
  formData: Record<string, unknown>,
  priority: Priority,
  excludeData: ExcludeData,
): void {
  void buildReport({ type: 'CRASH', priority, formData, excludeData, isSilent: true })
    .then(submitReport)
    .catch(() => {});
}
