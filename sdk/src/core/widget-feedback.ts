import type { CaptureItem, FeedbackQueued, SendFeedbackData } from '../protocol/messages';
import { core } from './pipeline-core';
import { buildReport, previewExclusions, removeCaptureItem, submitReport, summarizeNextReport } from './report';
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
      snapshot: core.capturePreview.snapshot,
    });
    const outcome = await submitReport(report);
    if (outcome.status === 'queued') {
      core.sendToFrame('feedback-sent', { queued: true } satisfies FeedbackQueued);
      core.emit('error-while-sending', outcome.error);
    } else {
      core.sendToFrame('feedback-sent', outcome.result);
      core.emit('feedback-sent', d.formData);
      if (d.outboundId)
        core.emit('outbound-sent', { outboundId: d.outboundId, outbound: d.outboundId, formData: d.formData });
    }
    if (d.outboundId) {
      // the visitor answered, whether the answer went now or waits in the outbox
      const { reportedBy: _omit, ...rest } = d.formData ?? {};
      core.trackEvent(`${d.outboundId}-submitted`, rest);
    }
    core.captureState.screenRecording = undefined;
    core.resetCapturePreview();
  } catch (err) {
    core.sendToFrame('feedback-sending-failed', core.FEEDBACK_FAILED_TEXT);
    core.emit('error-while-sending', err);
  }
}

/** `request-capture-summary`: tell the frame what the next report will carry. */
export function sendCaptureSummary(): void {
  void summarizeNextReport().then((summary) => summary && core.sendToFrame('capture-summary', summary));
}

/** `remove-capture-item`: leave the item out of the next report and send the new summary. */
export function removeCaptureItemFromReport(item: CaptureItem): void {
  const summary = removeCaptureItem(item);
  if (summary) core.sendToFrame('capture-summary', summary);
}

/**
 * On `flow-started`: drop the previous flow's replay and recording, and take the replay of the visit so far for this
 * flow's report, as gleap does (`takeCurrentReplay`). Recording goes on: the replay shows what led to the report, not
 * only the time spent in the form (a fresh replay said "last 0 seconds, 2 events").
 */
export async function resetCaptureForFlow(): Promise<void> {
  core.resetCapturePreview();
  core.captureState.webReplay = undefined;
  core.captureState.screenRecording = undefined;
  core.captureState.webReplay = (await core.capturePort.replay())?.getReplayPayload() ?? undefined;
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
