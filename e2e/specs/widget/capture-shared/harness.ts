// Test-only entry: exposes the capture chunks to the host pages of the capture-* scenarios, the way the widget core will
// load them with import(). Built in memory by capture-bundle.ts; never committed as output.
import { use } from '../../../../sdk/src/capture/core';
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
import { captureCore } from '../../../../sdk/src/core/capture-port';

// The widget hands the capture chunks the core's services when one loads (core/capture-port.ts); so does this harness.
use(captureCore());

const api = {
  takeSnapshot,
  startReplay,
  stopReplay,
  resetReplay,
  getReplayPayload,
  openCaptureEditor,
  cleanupDrawings,
  describeCapture,
  isWalkingSnapshot: isReplaySnapshotPending,
};

declare global {
  interface Window {
    voltlineCapture: typeof api;
  }
}

window.voltlineCapture = api;
