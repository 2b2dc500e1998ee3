import { core } from './core';
import { RECORDING } from './constants';

/** True when this browser can record the screen (getDisplayMedia and MediaRecorder). */
export function isScreenRecordingSupported(nav: Navigator = navigator): boolean {
  return typeof nav.mediaDevices?.getDisplayMedia === 'function' && typeof MediaRecorder !== 'undefined';
}

/** The first supported container of the preference list: webm first, mp4 as the fallback (Safari). */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING.mimeTypes.find((type) => isTypeSupported(type)) ?? null;
}

/** `screen-recording.webm` or `screen-recording.mp4` after the recorded container. */
export function recordingFileName(mimeType: string): string {
  return `${RECORDING.fileBaseName}.${/mp4/i.test(mimeType) ? 'mp4' : 'webm'}`;
}

/** The getDisplayMedia constraints of spec §9. */
export function displayMediaConstraints(): DisplayMediaStreamOptions {
  return {
    video: {
      width: { ideal: RECORDING.idealWidth },
      height: { ideal: RECORDING.idealHeight },
      frameRate: { ideal: RECORDING.idealFrameRate, max: RECORDING.maxFrameRate },
    },
    audio: false,
  };
}

/** Raised when the visitor (or the browser's policy) refuses screen capture. */
export class ScreenCaptureDeniedError extends Error {
  constructor(cause: unknown) {
    super('Screen capture was refused');
    this.name = 'ScreenCaptureDeniedError';
    this.cause = cause;
  }
}

export interface RecordingResult {
  blob: Blob;
  fileName: string;
}

const MASK_STYLE_ID = 'gl-recording-mask';

/** While recording, masked elements (passwords, gl-mask, gleap-ignore) are blurred on screen, so the video never shows them. */
function addRecordingMask(doc: Document): void {
  if (doc.getElementById(MASK_STYLE_ID)) return;
  const selectors = core.getRedactionPolicy().maskSelectors.join(',');
  if (!selectors) return;
  const style = doc.createElement('style');
  style.id = MASK_STYLE_ID;
  style.textContent = `${selectors}{filter:blur(6px)!important;-webkit-text-security:disc!important}`;
  doc.head.appendChild(style);
}

function removeRecordingMask(doc: Document): void {
  doc.getElementById(MASK_STYLE_ID)?.remove();
}

export interface ScreenRecorderEvents {
  /** Called once per tick while recording (about every 250 ms) with the elapsed time. */
  onTick?: (elapsedMs: number) => void;
  /** The recording ended by itself: the 2:00 limit, or the visitor stopped sharing from the browser's own bar. */
  onAutoStop?: () => void;
}

/**
 * One screen recording: screen via getDisplayMedia, optional microphone via getUserMedia, 200 ms chunks, stopped at 120 s.
 */
export class ScreenRecorder {
  private recorder: MediaRecorder | null = null;
  private streams: MediaStream[] = [];
  private chunks: Blob[] = [];
  private mimeType = '';
  private startedAt = 0;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private limitTimer: ReturnType<typeof setTimeout> | undefined;
  private micTrack: MediaStreamTrack | null = null;
  private stopping: Promise<RecordingResult> | null = null;
  micAvailable = true;

  constructor(private readonly events: ScreenRecorderEvents = {}) {}

  /** Ask for the screen (and the microphone when `withMic`) and start recording. Rejects with ScreenCaptureDeniedError on refusal. */
  async start(withMic: boolean): Promise<void> {
    const devices = navigator.mediaDevices;
    // The microphone is asked for first: Chromium sends a screen frame at the start and then only when the screen changes,
    // and a webm with sound starts at the first video frame, so the recorder must already run when that frame arrives.
    let mic: MediaStream | null = null;
    if (withMic) {
      try {
        mic = await devices.getUserMedia({ audio: true });
      } catch {
        // No microphone or no permission: record without sound and show the mic as unavailable.
        this.micAvailable = false;
      }
    }
    let screen: MediaStream;
    try {
      screen = await devices.getDisplayMedia(displayMediaConstraints());
    } catch (error) {
      for (const track of mic?.getTracks() ?? []) track.stop();
      if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) {
        throw new ScreenCaptureDeniedError(error);
      }
      throw error;
    }
    this.streams = mic ? [screen, mic] : [screen];
    const tracks = [...screen.getVideoTracks()];
    this.micTrack = mic?.getAudioTracks()[0] ?? null;
    if (this.micTrack) tracks.push(this.micTrack);
    const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
    const combined = new MediaStream(tracks);
    this.recorder = mimeType ? new MediaRecorder(combined, { mimeType }) : new MediaRecorder(combined);
    this.mimeType = this.recorder.mimeType || mimeType || 'video/webm';
    this.chunks = [];
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    screen.getVideoTracks()[0]?.addEventListener('ended', () => this.autoStop());
    addRecordingMask(document);
    this.recorder.start(RECORDING.chunkMs);
    this.startedAt = Date.now();
    this.tickTimer = setInterval(() => this.events.onTick?.(Date.now() - this.startedAt), 250);
    this.limitTimer = setTimeout(() => this.autoStop(), RECORDING.maxDurationMs);
  }

  /** Mute or unmute the microphone without interrupting the recording. */
  setMicEnabled(enabled: boolean): void {
    if (this.micTrack) this.micTrack.enabled = enabled;
  }

  /** True when the recording has a microphone track that the mute toggle can switch. */
  get hasMic(): boolean {
    return this.micTrack !== null;
  }

  get isRecording(): boolean {
    return this.recorder?.state === 'recording';
  }

  /** Stop and get the recorded file. */
  stop(): Promise<RecordingResult> {
    if (this.stopping) return this.stopping;
    const recorder = this.recorder;
    this.stopping = new Promise<RecordingResult>((resolve, reject) => {
      if (!recorder) {
        reject(new Error('Not recording'));
        return;
      }
      const finish = () => {
        const blob = new Blob(this.chunks, { type: this.mimeType.split(';')[0] });
        this.release();
        if (blob.size === 0) reject(new Error('The recording is empty'));
        else resolve({ blob, fileName: recordingFileName(this.mimeType) });
      };
      if (recorder.state === 'inactive') finish();
      else {
        recorder.addEventListener('stop', finish, { once: true });
        recorder.stop();
      }
    });
    return this.stopping;
  }

  /** Stop everything and drop what was recorded (editor closed mid-recording). */
  dispose(): void {
    if (this.recorder && this.recorder.state !== 'inactive') {
      this.recorder.ondataavailable = null;
      this.recorder.stop();
    }
    this.release();
  }

  private autoStop(): void {
    if (this.recorder?.state === 'recording') this.events.onAutoStop?.();
  }

  private release(): void {
    clearInterval(this.tickTimer);
    clearTimeout(this.limitTimer);
    for (const stream of this.streams) for (const track of stream.getTracks()) track.stop();
    this.streams = [];
    this.micTrack = null;
    removeRecordingMask(document);
  }
}
