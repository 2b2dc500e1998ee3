import type { ScreenshotData, WebReplayPayload } from './report-types';

/**
 * The only door from the core to the lazy capture chunks (`src/capture/*`, built separately). Each loader resolves to
 * the module or to `null` when the chunk is missing or fails to load, so the feature degrades (no screenshot, no
 * replay, no editor) instead of breaking the report.
 */
export interface SnapshotModule {
  takeSnapshot(): Promise<ScreenshotData>;
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
  | { cancelled: false; mode: 'capture'; screenRecordingUrl: string };

export interface EditorModule {
  openCaptureEditor(opts: {
    mode: 'screenshot' | 'capture';
    upload: (file: Blob, fileName: string) => Promise<string>;
  }): Promise<EditorResult>;
  cleanupDrawings(): void;
}

// The specifiers stay in variables until the capture chunks are merged: a literal `import()` of a missing file fails
// the build. Once `src/capture/{snapshot,replay,editor}.ts` exist, the loaders below become literal
// `import('../capture/snapshot')` etc. so that bundlers emit the chunks.
const paths = { snapshot: '../capture/snapshot.js', replay: '../capture/replay.js', editor: '../capture/editor.js' };

function load<T>(path: string): Promise<T | null> {
  return import(/* @vite-ignore */ path).then(
    (m) => m as T,
    () => null,
  );
}

export const capturePort = {
  snapshot: (): Promise<SnapshotModule | null> => load<SnapshotModule>(paths.snapshot),
  replay: (): Promise<ReplayModule | null> => load<ReplayModule>(paths.replay),
  editor: (): Promise<EditorModule | null> => load<EditorModule>(paths.editor),
};
