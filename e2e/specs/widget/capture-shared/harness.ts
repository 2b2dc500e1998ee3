// Test-only entry: exposes the capture chunks to the host pages of the capture-* scenarios, the way the widget core will
// load them with import(). Built in memory by capture-bundle.ts; never committed as output.
import { describeCapture } from '../../../../sdk/src/capture/describe-capture';
import { cleanupDrawings, openCaptureEditor } from '../../../../sdk/src/capture/editor';
import {
  getReplayPayload,
  isReplaySnapshotPending,
  resetReplay,
  startReplay,
  stopReplay,
} from '../../../../sdk/src/capture/replay';
import { takeSnapshot } from '../../../../sdk/src/capture/snapshot';

/** The upload the core does: multipart `file` to /uploads/sdk, answer `{fileUrl}` (status 200 only). */
async function upload(file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await fetch('/uploads/sdk', { method: 'POST', body: form });
  if (response.status !== 200) throw new Error(`Upload failed: ${response.status}`);
  const body = (await response.json()) as { fileUrl: string };
  return body.fileUrl;
}

const api = {
  takeSnapshot,
  startReplay,
  stopReplay,
  resetReplay,
  getReplayPayload,
  openCaptureEditor,
  cleanupDrawings,
  describeCapture,
  upload,
  isWalkingSnapshot: isReplaySnapshotPending,
};

declare global {
  interface Window {
    voltlineCapture: typeof api;
  }
}

window.voltlineCapture = api;
