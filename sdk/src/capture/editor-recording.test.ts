import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { EDITOR_HOST_ID, openCaptureEditor } from './editor';

// jsdom has no media capture: small stand-ins that behave like Chromium's for one short recording.
class FakeTrack {
  enabled = true;
  readonly stop = vi.fn();
  addEventListener() {}
}
class FakeStream {
  constructor(private readonly tracks: FakeTrack[] = [new FakeTrack()]) {}
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}
class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'video/webm;codecs=vp8';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frame'], { type: 'video/webm' }) });
    this.dispatchEvent(new Event('stop'));
  }
}

const getUserMedia = vi.fn();
const getDisplayMedia = vi.fn();

beforeEach(() => {
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('MediaStream', FakeStream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getDisplayMedia, getUserMedia }, configurable: true });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  getDisplayMedia.mockResolvedValue(new FakeStream());
  getUserMedia.mockRejectedValue(new DOMException('No microphone', 'NotFoundError'));
});

afterEach(() => {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function button(name: string): HTMLButtonElement {
  const root = document.getElementById(EDITOR_HOST_ID)!.shadowRoot!;
  const found = Array.from(root.querySelectorAll('button')).find(
    (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

function alertText(): string {
  const alert = document.getElementById(EDITOR_HOST_ID)!.shadowRoot!.querySelector('[role="alert"]') as HTMLElement;
  return alert.hidden ? '' : (alert.textContent ?? '');
}

async function recordOnce() {
  button('Start recording').click();
  await vi.waitFor(() => button('Stop recording'));
  button('Stop recording').click();
  await vi.waitFor(() => expect(button('Retry')).toBeTruthy());
}

test('records without sound when no microphone is available and marks the microphone unavailable', async () => {
  void openCaptureEditor({ mode: 'capture' });
  button('Start recording').click();
  await vi.waitFor(() => button('Stop recording'));
  expect(getDisplayMedia).toHaveBeenCalledWith({
    video: { width: { ideal: 3072 }, height: { ideal: 1728 }, frameRate: { ideal: 10, max: 24 } },
    audio: false,
  });
  expect(button('Microphone unavailable').getAttribute('aria-disabled')).toBe('true');
});

test('Next hands the recording back as a file, uploading nothing (the outbox uploads it with its report)', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const result = openCaptureEditor({ mode: 'capture' });
  await recordOnce();
  button('Next').click();
  const done = await result;
  expect(done).toMatchObject({ cancelled: false, mode: 'capture', recording: { fileName: 'screen-recording.webm' } });
  expect(done.cancelled === false && done.mode === 'capture' && done.recording.blob.size).toBeGreaterThan(0);
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockRestore();
});

test('blurs masked elements on screen only while recording', async () => {
  void openCaptureEditor({ mode: 'capture' });
  button('Start recording').click();
  await vi.waitFor(() => button('Stop recording'));
  expect(document.getElementById('gl-recording-mask')?.textContent).toContain('input[type="password"]');
  button('Stop recording').click();
  await vi.waitFor(() => expect(document.getElementById('gl-recording-mask')).toBeNull());
});

test('a refused capture shows the permission text and leaves the editor ready to try again', async () => {
  getDisplayMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
  void openCaptureEditor({ mode: 'capture' });
  button('Start recording').click();
  await vi.waitFor(() => expect(alertText()).toContain('Access to screen sharing was denied'));
  expect(button('Start recording').getAttribute('aria-disabled')).toBe('false');
});
