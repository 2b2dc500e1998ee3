import type { CaptureItem, CaptureSummary } from '../protocol/messages';
import type { HttpError, request } from './http';
import { localize, textDir } from './i18n';
import { getRedactionPolicy, isSensitiveName, redactText, redactUrl } from './redaction';
import { nextTask, whenIdle } from './timing';
import type { QueuedReport } from './report-queue';
import type { RecordingFile, ScreenshotData, WebReplayPayload } from './report-types';

/**
 * The only door from the core to the lazy capture chunks (`src/capture/*`, built separately). Each loader resolves to
 * the module or to `null` when the chunk is missing or fails to load, so the feature degrades (no screenshot, no
 * replay, no editor) instead of breaking the report.
 */
export interface SnapshotModule {
  /** `live`: the core's `isLiveMode()`; a page that is not live gets its images and stylesheets inlined. */
  takeSnapshot(live: boolean): Promise<ScreenshotData>;
}

export interface ReplayModule {
  startReplay(): void;
  stopReplay(): void;
  resetReplay(): void;
  getReplayPayload(): WebReplayPayload | null;
}

export type EditorResult =
  | { cancelled: true }
  | { cancelled: false; mode: 'screenshot' }
  | { cancelled: false; mode: 'capture'; recording: RecordingFile };

/** What the recording upload uses of the core, handed over by the outbox (the chunk imports no stateful core module). */
export interface RecordingUploadCore {
  request: typeof request;
  HttpError: typeof HttpError;
  /** Write the outbox entry back (the recording's URL instead of the file). */
  save(item: QueuedReport): Promise<unknown>;
}

export interface EditorModule {
  openCaptureEditor(opts: { mode: 'screenshot' | 'capture' }): Promise<EditorResult>;
  cleanupDrawings(): void;
  /** Upload the report's screen recording and put its URL on the report (`capture/recording-upload.ts`). */
  uploadRecording(item: QueuedReport, core: RecordingUploadCore): Promise<void>;
}

export interface DescribeModule {
  summarizeCapture(input: {
    snapshot: ScreenshotData | null;
    replay: WebReplayPayload | null;
    screenRecordingUrl: string | null;
    consoleLogCount: number;
    networkLogCount: number;
    customDataKeys: string[];
    removed: CaptureItem[];
    error?: string;
  }): CaptureSummary;
}

/**
 * What the capture chunks use of the core, handed over when one loads (`capture/core.ts`): they import no core module,
 * so that the core stays one file (notes 0111).
 */
export const captureCore = () => ({
  getRedactionPolicy,
  isSensitiveName,
  redactText,
  redactUrl,
  nextTask,
  whenIdle,
  localize,
  textDir,
});

export type CaptureCore = ReturnType<typeof captureCore>;

// Literal import() specifiers so that bundlers emit each capture module as its own lazy chunk; a chunk that fails to
// load (network, CSP) resolves to null and the report goes out without it.
function settle<T>(p: Promise<{ use(core: CaptureCore): void }>): Promise<T | null> {
  return p
    .then((m) => {
      m.use(captureCore());
      return m as unknown as T;
    })
    .catch(() => null);
}

export const capturePort = {
  snapshot: (): Promise<SnapshotModule | null> => settle<SnapshotModule>(import('../capture/snapshot')),
  replay: (): Promise<ReplayModule | null> => settle<ReplayModule>(import('../capture/replay')),
  editor: (): Promise<EditorModule | null> => settle<EditorModule>(import('../capture/editor')),
  describe: (): Promise<DescribeModule | null> => settle<DescribeModule>(import('../capture/describe-capture')),
};
