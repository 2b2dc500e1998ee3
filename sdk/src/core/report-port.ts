import { pendingLogs } from '../logs/console-recorder';
import { getCustomEvents, trackEvent } from '../logs/custom-events';
import { TOO_LARGE, getRecordedNetworkLogs, isBlacklisted, options, recorded } from '../logs/network-logger';
import { CAPTURE_ITEMS, type CaptureItem, type SendFeedbackData } from '../protocol/messages';
import { capturePort } from './capture-port';
import { capturePreview, captureState, resetCapturePreview } from './capture-state';
import { getFlowConfig } from './config';
import {
  FEEDBACK_FAILED_TEXT,
  LOG_MESSAGE_MAX,
  NETWORK_BODY_LIMIT,
  SDK_TYPE,
  SDK_VERSION,
  SILENT_CRASH_REARM_MS,
} from './constants';
import { emit } from './emitter';
import { sendToFrame } from './frame-bridge';
import { HttpError, apiHeaders, request } from './http';
import { isLiveMode } from './live-site';
import { REDACTED, getRedactionPolicy, isSensitiveName, redactPairs, redactText, redactUrl } from './redaction';
import type * as Pipeline from './report-pipeline';
import type { ExcludeData, Priority } from './report-types';
import { getSession, isSessionReady } from './session';
import { sessionDurationSeconds, settings, trimUrl } from './state';

/**
 * The core's door to the report pipeline (`report-pipeline.ts`: build, send, outbox, metadata, capture preview), which
 * loads with import(): in idle time after initialize (`preloadReportPipeline`, beside the offline form), off the host's
 * critical path (the ESM build's own chunk; the UMD script inlines it). What must hold at once stays here: the silent
 * crash report's gate, and a send that fails when the pipeline cannot load (the frame is told, as of any failed send).
 */

/**
 * What the pipeline uses of the core, handed over when it loads (`pipeline-core.ts`): the pipeline imports no core
 * module, so that the core stays one file (notes 0111, as decision 0070 does for the engagement chunks).
 */
export const pipelineCore = () => ({
  settings,
  trimUrl,
  sessionDurationSeconds,
  getSession,
  getFlowConfig,
  isLiveMode,
  capturePort,
  captureState,
  capturePreview,
  resetCapturePreview,
  emit,
  sendToFrame,
  HttpError,
  apiHeaders,
  request,
  trackEvent,
  getCustomEvents,
  pendingLogs,
  getRecordedNetworkLogs,
  isBlacklisted,
  networkOptions: options,
  recorded,
  TOO_LARGE,
  REDACTED,
  getRedactionPolicy,
  isSensitiveName,
  redactPairs,
  redactText,
  redactUrl,
  SDK_VERSION,
  SDK_TYPE,
  LOG_MESSAGE_MAX,
  NETWORK_BODY_LIMIT,
  FEEDBACK_FAILED_TEXT,
  CAPTURE_ITEMS,
});

export type PipelineCore = ReturnType<typeof pipelineCore>;

let loaded: typeof Pipeline | undefined;
/** One promise, so that the frame's messages reach the pipeline in their order; a failed load is tried again later. */
let loading: Promise<typeof Pipeline> | undefined;
const pipeline = (): Promise<typeof Pipeline> =>
  (loading ??= import('./report-pipeline').then(
    (m) => {
      m.use(pipelineCore());
      loaded = m;
      return m;
    },
    (err) => {
      loading = undefined;
      throw err;
    },
  ));
const run = (job: (m: typeof Pipeline) => unknown): void => void pipeline().then(job, () => {});

/**
 * Load the pipeline in idle time after initialize (with the offline form): a report written while the network is gone
 * must still reach the outbox.
 */
export function preloadReportPipeline(): void {
  pipeline().catch(() => {});
}

/** `send-feedback` -> report -> `feedback-sent` or `feedback-sending-failed` (`widget-feedback.ts`). */
export function sendFeedbackFromFrame(d: SendFeedbackData): Promise<void> {
  return pipeline().then(
    (m) => m.sendFeedbackFromFrame(d),
    (err) => {
      sendToFrame('feedback-sending-failed', FEEDBACK_FAILED_TEXT);
      emit('error-while-sending', err);
    },
  );
}

export const collectTicketData = (): void => run((m) => sendToFrame('collect-ticket-data', m.collectTicketData()));
export const sendCaptureSummary = (): void => run((m) => m.sendCaptureSummary());
export const removeCaptureItemFromReport = (item: CaptureItem): void => run((m) => m.removeCaptureItemFromReport(item));
export const resetCaptureForFlow = (): void => run((m) => m.resetCaptureForFlow());

/** Send what the outbox kept (on start, when the network is back). */
export const flushReportQueue = (): void => run((m) => m.flushReportQueue());

/** Stop the outbox's retry timer (destroy); nothing to stop when the pipeline never loaded. */
export function cancelReportRetry(): void {
  loaded?.cancelReportRetry();
}

let silentSent = false;

/**
 * Silent crash report: only with a ready session, at most once per 10 s; failures are swallowed (§8). Screenshot,
 * replays and attachments are left out unless the caller asks for them (§3: all three default to true).
 */
export function sendSilentCrashReport(
  formData: Record<string, unknown>,
  priority: Priority = 'MEDIUM',
  excludeData: ExcludeData = { screenshot: true, replays: true, attachments: true },
): void {
  if (!isSessionReady() || silentSent) return;
  silentSent = true;
  setTimeout(() => {
    silentSent = false;
  }, SILENT_CRASH_REARM_MS);
  run((m) => m.sendSilentReport(formData, priority, excludeData));
}

/** Re-arm the silent crash report (on destroy). */
export function resetFeedbackState(): void {
  silentSent = false;
}
