import { collectMetadata } from './metadata';
import type { CaptureItem, CaptureSummary } from '../protocol/messages';
import { core } from './pipeline-core';
import type { BugReport, ExcludeData, Priority, ScreenshotData } from './report-types';
import { getConsoleLogs } from '../logs/console-logger';
import { getNetworkLogs, getResourceEntries } from '../logs/network-log';

// The core's modules reach this lazy pipeline handed over (`pipeline-core.ts`), not imported.

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
    customData: { ...core.settings.customData },
    metaData: collectMetadata(),
    consoleLog: getConsoleLogs(),
    networkLogs: networkLogsForReport(),
    customEventLog: core.getCustomEvents(),
    formData: { ...core.settings.ticketAttributes },
    ...tags(),
  };
}

/** `tags` only when some were set: gleap sends no key at all otherwise. */
const tags = () => (core.settings.tags.length ? { tags: core.settings.tags.slice() } : {});

/** The logged requests, then (as gleap adds them) a RESOURCE entry for every fetch/XHR not logged, or every resource. */
function networkLogsForReport() {
  const logs = getNetworkLogs();
  const logged = new Set(logs.map((e) => e.url));
  const resources = getResourceEntries(!!core.getFlowConfig().sendNetworkResources).filter((e) => !logged.has(e.url));
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
    customData: { ...core.settings.customData },
    metaData: collectMetadata(),
    consoleLog: getConsoleLogs(),
    networkLogs: networkLogsForReport(),
    customEventLog: core.getCustomEvents(),
    formData: { ...core.settings.ticketAttributes, ...(opts.formData ?? {}) },
    isSilent: !!opts.isSilent,
    ...tags(),
  };
  // gleap names the reporter of a silent crash by the session's e-mail
  const email = core.getSession()?.email;
  if (opts.isSilent && report.type === 'CRASH' && email && report.formData.reportedBy === undefined)
    report.formData.reportedBy = email;
  if (opts.outboundId) report.outbound = opts.outboundId;
  if (opts.spamToken) report.spamToken = opts.spamToken;
  if (core.captureState.screenRecording) report.screenRecording = core.captureState.screenRecording;
  if (!ex.screenshot && opts.snapshot) report.screenshotData = opts.snapshot;
  else if (!ex.screenshot) {
    const mod = await core.capturePort.snapshot();
    if (mod) {
      const shot = await mod.takeSnapshot(core.isLiveMode());
      report.screenshotData = {
        ...shot,
        x: core.captureState.snapshotPosition.x,
        y: core.captureState.snapshotPosition.y,
      };
    }
  }
  if (!ex.replays) {
    const replay = core.captureState.webReplay ?? (await core.capturePort.replay())?.getReplayPayload() ?? undefined;
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
  for (const item of core.capturePreview.removed) out[EXCLUDE_KEY[item]] = true;
  return out;
}

/**
 * Describe what the next report from the frame will carry, taking the snapshot it will send. Resolves to null when a
 * newer request superseded this one or the capture chunk cannot load.
 */
export async function summarizeNextReport(): Promise<CaptureSummary | null> {
  const sequence = ++core.capturePreview.sequence;
  const removed = core.capturePreview.removed;
  let error: string | undefined;
  let snapshot: ScreenshotData | null = null;
  if (!removed.has('screenshot')) {
    try {
      const mod = await core.capturePort.snapshot();
      const shot = mod ? await mod.takeSnapshot(core.isLiveMode()) : null;
      if (shot)
        snapshot = { ...shot, x: core.captureState.snapshotPosition.x, y: core.captureState.snapshotPosition.y };
    } catch {
      error = 'Failed to take snapshot';
    }
  }
  const replay = removed.has('replay')
    ? null
    : (core.captureState.webReplay ?? (await core.capturePort.replay())?.getReplayPayload() ?? null);
  const describe = await core.capturePort.describe();
  if (!describe || sequence !== core.capturePreview.sequence) return null;
  core.capturePreview.snapshot = removed.has('screenshot') ? undefined : (snapshot ?? undefined);
  core.capturePreview.last = describe.summarizeCapture({
    snapshot,
    replay,
    screenRecordingUrl: core.captureState.screenRecording?.fileName ?? null,
    consoleLogCount: getConsoleLogs().length,
    networkLogCount: networkLogsForReport().length,
    customDataKeys: Object.keys(core.settings.customData),
    removed: [...removed],
    error,
  });
  return core.capturePreview.last;
}

/** Leave an item out of the next report; the updated summary, or null when none was shown yet. */
export function removeCaptureItem(item: CaptureItem): CaptureSummary | null {
  if (!(core.CAPTURE_ITEMS as readonly string[]).includes(item)) return core.capturePreview.last ?? null;
  core.capturePreview.removed.add(item);
  if (item === 'screenshot') core.capturePreview.snapshot = undefined;
  if (!core.capturePreview.last) return null;
  core.capturePreview.last = { ...core.capturePreview.last, removed: [...core.capturePreview.removed] };
  return core.capturePreview.last;
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
