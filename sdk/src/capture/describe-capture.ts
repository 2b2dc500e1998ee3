import { core } from './core';
import { isSensitiveInput } from './masked-element';
import type { CaptureItem, CaptureSummary } from '../protocol/messages';
import type { ScreenshotData, WebReplayPayload } from './types';

/** What a report is about to carry, in terms a visitor understands; the feedback form shows it and lets them remove parts. */
export interface CaptureDescription {
  /** A `data:text/html` URL of the snapshot, for a sandboxed <iframe> preview (scripts never run: none are serialised). */
  screenshotPreviewUrl: string | null;
  screenshotBytes: number;
  replayEventCount: number;
  replaySeconds: number;
  replayBytes: number;
  /** Elements on this page whose content the redaction policy keeps out of the report. */
  maskedElementCount: number;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Describe the snapshot and replay that would be sent. */
export function describeCapture(input: {
  snapshot?: ScreenshotData | null;
  replay?: WebReplayPayload | null;
}): CaptureDescription {
  const { snapshot, replay } = input;
  const events = replay?.events ?? [];
  const last = events[events.length - 1];
  const selectors = core.getRedactionPolicy().maskSelectors.join(',');
  let maskedElementCount = 0;
  try {
    // the elements the policy's selectors pick, plus form controls named like a secret (the snapshot masks both)
    const picked = new Set<Element>(selectors ? document.querySelectorAll(selectors) : []);
    for (const el of document.querySelectorAll('input, textarea, select')) if (isSensitiveInput(el)) picked.add(el);
    maskedElementCount = picked.size;
  } catch {
    maskedElementCount = 0;
  }
  return {
    screenshotPreviewUrl: snapshot ? `data:text/html;charset=utf-8,${encodeURIComponent(snapshot.html)}` : null,
    screenshotBytes: snapshot ? byteLength(snapshot.html) : 0,
    replayEventCount: events.length,
    replaySeconds: replay && last ? Math.round((last.timestamp - replay.startDate) / 1000) : 0,
    replayBytes: replay ? byteLength(JSON.stringify(replay.events)) : 0,
    maskedElementCount,
  };
}

/** What the core knows without the capture chunk: the log counts, custom data keys, recording URL and removals. */
export interface SummaryInput {
  snapshot: ScreenshotData | null;
  replay: WebReplayPayload | null;
  screenRecordingUrl: string | null;
  consoleLogCount: number;
  networkLogCount: number;
  customDataKeys: string[];
  removed: CaptureItem[];
  error?: string;
}

/**
 * The `capture-summary` the feedback form shows. Removed items keep their description (the form shows them struck out
 * as removed) but the report leaves them out.
 */
export function summarizeCapture(input: SummaryInput): CaptureSummary {
  const d = describeCapture({ snapshot: input.snapshot, replay: input.replay });
  const summary: CaptureSummary = {
    screenshot:
      input.snapshot && d.screenshotPreviewUrl
        ? {
            previewUrl: d.screenshotPreviewUrl,
            bytes: d.screenshotBytes,
            width: input.snapshot.width,
            height: input.snapshot.height,
            x: input.snapshot.x,
            y: input.snapshot.y,
          }
        : null,
    replay:
      d.replayEventCount > 0
        ? { eventCount: d.replayEventCount, seconds: d.replaySeconds, bytes: d.replayBytes }
        : null,
    screenRecordingUrl: input.screenRecordingUrl,
    consoleLogCount: input.consoleLogCount,
    networkLogCount: input.networkLogCount,
    customDataKeys: input.customDataKeys,
    maskedElementCount: d.maskedElementCount,
    removed: input.removed,
  };
  if (input.error) summary.error = input.error;
  return summary;
}

/** The core's hand-over (`core/capture-port.ts` calls it when it loads this chunk). */
export { use } from './core';
