import { el } from './editor-dom';
import type { EditorState, EditorStore } from './editor-state';
import { T } from './editor-texts';
import { type RecordingResult, ScreenCaptureDeniedError, ScreenRecorder } from './screen-recorder';

/**
 * The recorder part of the capture editor (recording mode): starts and stops the screen recording
 * (`screen-recorder.ts`), shows the preview card with Retry and Next; Next keeps the recording for the report (the
 * outbox uploads it with the report).
 */
export interface EditorRecorderOptions {
  store: EditorStore;
  /** Retry starts over: the drawings made during the recording go too. */
  clearDrawings: () => void;
}

export interface EditorRecorder {
  /** The preview card; the editor puts it into its shadow root. */
  readonly preview: HTMLElement;
  /** The record button: start a recording, or stop the running one. */
  toggle(): Promise<void>;
  setMicEnabled(enabled: boolean): void;
  /** Whether the running recording has a microphone track: muting mid-recording needs one. */
  readonly hasMic: boolean;
  /** The recorded file once the recording stopped (null before, and after Retry). */
  readonly recording: RecordingResult | null;
  render(state: EditorState): void;
  /** Stop any recording and release the preview (the editor closes). */
  dispose(): void;
}

export function createEditorRecorder({ store, clearDrawings }: EditorRecorderOptions): EditorRecorder {
  const { dispatch } = store;
  let recorder: ScreenRecorder | null = null;
  let recording: RecordingResult | null = null;
  let previewUrl = '';
  // Muting mid-recording needs a microphone track; a recording started without one cannot gain it later.
  let recordingHasMic = false;

  const preview = el('div', { class: 'preview', hidden: '' });
  const card = el('div', { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-label': T.previewTitle });
  const video = el('video', { controls: '', playsinline: '' });
  const retry = el('button', { type: 'button', class: 'secondary' }, T.retry);
  const send = el('button', { type: 'button', class: 'primary' }, T.next);
  retry.addEventListener('click', () => handleRetry());
  send.addEventListener('click', () => {
    if (recording) dispatch({ type: 'recording-accepted' });
  });
  const actions = el('div', { class: 'actions' });
  actions.append(retry, send);
  card.append(el('h2', {}, T.previewTitle), video, actions);
  preview.append(card);

  async function toggle() {
    if (!store.state.recordingSupported) return;
    if (store.state.recording === 'recording') {
      await stopRecording();
      return;
    }
    if (store.state.recording !== 'idle') return;
    dispatch({ type: 'record-requested' });
    recorder = new ScreenRecorder({
      onTick: (elapsedMs) => dispatch({ type: 'tick', elapsedMs }),
      onAutoStop: () => void stopRecording(),
    });
    try {
      await recorder.start(store.state.micEnabled);
      if (!recorder.micAvailable) dispatch({ type: 'mic-unavailable' });
      recordingHasMic = recorder.hasMic;
      if (store.state.result) {
        recorder.dispose();
        return;
      }
      dispatch({ type: 'record-started' });
    } catch (error) {
      recorder.dispose();
      recorder = null;
      if (error instanceof ScreenCaptureDeniedError) dispatch({ type: 'record-denied' });
      else {
        console.error('[Voltline] Screen recording failed', error);
        dispatch({ type: 'record-failed' });
      }
    }
  }

  async function stopRecording() {
    const active = recorder;
    if (!active || store.state.recording !== 'recording') return;
    try {
      recording = await active.stop();
      previewUrl = URL.createObjectURL(recording.blob);
      video.src = previewUrl;
      dispatch({ type: 'record-stopped' });
    } catch (error) {
      console.error('[Voltline] Screen recording failed', error);
      dispatch({ type: 'record-failed' });
    } finally {
      recorder = null;
    }
  }

  function handleRetry() {
    releasePreview();
    clearDrawings();
    dispatch({ type: 'retry' });
    dispatch({ type: 'select-tool', tool: 'pointer' });
  }

  function releasePreview() {
    video.removeAttribute('src');
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = '';
    recording = null;
  }

  return {
    preview,
    toggle,
    setMicEnabled(enabled) {
      recorder?.setMicEnabled(enabled);
    },
    get hasMic() {
      return recordingHasMic;
    },
    get recording() {
      return recording;
    },
    render(state) {
      preview.hidden = state.recording !== 'preview';
    },
    dispose() {
      recorder?.dispose();
      releasePreview();
    },
  };
}
