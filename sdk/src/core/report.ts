import { capturePort } from './capture-port';
import { isLiveMode } from './live-site';
import { collectMetadata } from './metadata';
import { CAPTURE_ITEMS, type CaptureItem, type CaptureSummary } from '../protocol/messages';
import type { BugReport, ExcludeData, Priority, ScreenshotData } from './report-types';
import { getSession } from './session';
import { settings } from './state';
import { getConsoleLogs } from '../logs/console-logger';
import { getCustomEvents } from '../logs/custom-events';
import { getNetworkLogs, getResourceEntries } from '../logs/network-log';
import { getFlowConfig } from './config';
import { capturePreview, captureState, resetCapturePreview } from './capture-state';

export { capturePreview, captureState, resetCapturePreview };

export interface ReportOptions {
  type?: string;
  priority?: Priority;
  formData?: Record<string, unknown>;
  excludeData?: ExcludeData;
  isSilent?: boolean;
  outboundId?: string;
  spamToken?: string;
  /** The snapshot the visitor was shown in the feedback form: sent as is instead of taking a new one. */
  snapshot?: ScreenshotData;
}

/** The data the frame asks for with `collect-ticket-data`. */
export function collectTicketData(): {
  customData: Record<string, unknown>;
  metaData: Record<string, unknown>;
  consoleLog: unknown[];
  networkLogs: unknown[];
  customEventLog: unknown[];
  formData: Record<string, unknown>;
  tags?: string[];
} {
  return {
    customData: { ...settings.customData },
    metaData: collectMetadata(),
    consoleLog: getConsoleLogs(),
    networkLogs: networkLogsForReport(),
    customEventLog: getCustomEvents(),
    formData: { ...settings.ticketAttributes },
    ...tags(),
  };
}

/** `tags` only when some were set: gleap sends no key at all otherwise. */
const tags = () => (settings.tags.length ? { tags: settings.tags.slice() } : {});

/** The logged requests, then (as gleap adds them) a RESOURCE entry for every fetch/XHR not logged, or every resource. */
function networkLogsForReport() {
  const logs = getNetworkLogs();
  const logged = new Set(logs.map((e) => e.url));
  const resources = getResourceEntries(!!getFlowConfig().sendNetworkResources).filter((e) => !logged.has(e.url));
  return logs.concat(resources);
}

/**
 * Build the `/bugs/v2` body: logs, metadata, custom data, ticket attributes merged with the form data, and the
 * snapshot and replay unless excluded. A failed snapshot rejects (the send fails), as in §8.
 */
export async function buildReport(opts: ReportOptions): Promise<BugReport> {
  const ex = opts.excludeData ?? {};
  const report: BugReport = {
    type: opts.type ?? 'BUG',
    priority: opts.priority ?? 'LOW',
    customData: { ...settings.customData },
    metaData: collectMetadata(),
    consoleLog: getConsoleLogs(),
    networkLogs: networkLogsForReport(),
    customEventLog: getCustomEvents(),
    formData: { ...settings.ticketAttributes, ...(opts.formData ?? {}) },
    isSilent: !!opts.isSilent,
    ...tags(),
  };
  // gleap names the reporter of a silent crash by the session's e-mail
  const email = getSession()?.email;
  if (opts.isSilent && report.type === 'CRASH' && email && report.formData.reportedBy === undefined)
    report.formData.reportedBy = email;
  if (opts.outboundId) report.outbound = opts.outboundId;
  if (opts.spamToken) report.spamToken = opts.spamToken;
  if (captureState.screenRecording) report.screenRecording = captureState.screenRecording;
  if (!ex.screenshot && opts.snapshot) report.screenshotData = opts.snapshot;
  else if (!ex.screenshot) {
    const mod = await capturePort.snapshot();
    if (mod) {
      const shot = await mod.takeSnapshot(isLiveMode());
      report.screenshotData = { ...shot, x: captureState.snapshotPosition.x, y: captureState.snapshotPosition.y };
    }
  }
  if (!ex.replays) {
    const replay = captureState.webReplay ?? (await capturePort.replay())?.getReplayPayload() ?? undefined;
    if (replay) report.webReplay = replay;
  }
  for (const [key, excluded] of Object.entries(ex)) {
    if (!excluded) continue;
    if (key === 'screenshot') delete report.screenshotData;
    else if (key === 'replays') delete report.webReplay;
    else if (key === 'attachments') delete report.screenRecording;
    else delete (report as unknown as Record<string, unknown>)[key];
  }
  return report;
}

/** The `excludeData` switch each removable item of the feedback form's preview turns on. */
const EXCLUDE_KEY: Record<CaptureItem, keyof ExcludeData> = {
  screenshot: 'screenshot',
  replay: 'replays',
  screenRecording: 'attachments',
  consoleLog: 'consoleLog',
  networkLogs: 'networkLogs',
  customData: 'customData',
};

/** The exclusions the visitor chose in the preview, in `excludeData` terms. */
export function previewExclusions(): ExcludeData {
  const out: ExcludeData = {};
  for (const item of capturePreview.removed) out[EXCLUDE_KEY[item]] = true;
  return out;
}

/**
 * Describe what the next report from the frame will carry, taking the snapshot it will send. Resolves to null when a
 * newer request superseded this one or the capture chunk cannot load.
 */
export async function summarizeNextReport(): Promise<CaptureSummary | null> {
  const sequence = ++capturePreview.sequence;
  const removed = capturePreview.removed;
  let error: string | undefined;
  let snapshot: ScreenshotData | null = null;
  if (!removed.has('screenshot')) {
    try {
      const mod = await capturePort.snapshot();
      const shot = mod ? await mod.takeSnapshot(isLiveMode()) : null;
      if (shot) snapshot = { ...shot, x: captureState.snapshotPosition.x, y: captureState.snapshotPosition.y };
    } catch {
      error = 'Failed to take snapshot';
    }
  }
  const replay = removed.has('replay')
    ? null
    : (captureState.webReplay ?? (await capturePort.replay())?.getReplayPayload() ?? null);
  const describe = await capturePort.describe();
  if (!describe || sequence !== capturePreview.sequence) return null;
  capturePreview.snapshot = removed.has('screenshot') ? undefined : (snapshot ?? undefined);
  capturePreview.last = describe.summarizeCapture({
    snapshot,
    replay,
    screenRecordingUrl: captureState.screenRecording?.fileName ?? null,
    consoleLogCount: getConsoleLogs().length,
    networkLogCount: networkLogsForReport().length,
    customDataKeys: Object.keys(settings.customData),
    removed: [...removed],
    error,
  });
  return capturePreview.last;
}

/** Leave an item out of the next report; the updated summary, or null when none was shown yet. */
export function removeCaptureItem(item: CaptureItem): CaptureSummary | null {
  if (!(CAPTURE_ITEMS as readonly string[]).includes(item)) return capturePreview.last ?? null;
  capturePreview.removed.add(item);
  if (item === 'screenshot') capturePreview.snapshot = undefined;
  if (!capturePreview.last) return null;
  capturePreview.last = { ...capturePreview.last, removed: [...capturePreview.removed] };
  return capturePreview.last;
}

// The outbox owns sending; these names stay importable from here for the callers that send reports.
export {
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  type SendOutcome,
  cancelReportRetry,
  flushReportQueue,
  isRetryable,
  submitReport,
} from './outbox';
