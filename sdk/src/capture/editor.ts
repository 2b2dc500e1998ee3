import { core } from './core';
import { EXCLUDE_ATTRIBUTE } from './constants';
import { removeDrawingLayer } from './drawing';
import { createEditorCanvas } from './editor-canvas';
import { applyStyles, el } from './editor-dom';
import { createEditorRecorder } from './editor-recorder';
import {
  type CaptureMode,
  type EditorAction,
  type EditorState,
  type EditorStore,
  editorReducer,
  initialEditorState,
} from './editor-state';
import { localizeEditor, T } from './editor-texts';
import { createEditorToolbar } from './editor-toolbar';
import { type RecordingResult, isScreenRecordingSupported } from './screen-recorder';

/**
 * The capture editor, the lazy chunk the widget loads for `start-screen-drawing`. This file holds the state (one
 * reducer, `editor-state.ts`), the page-wide bits (keys, leaving the page, scroll lock) and the open/close; the parts
 * are one module each:
 *
 * - `editor-toolbar.ts`  toolbar, hint and alert
 * - `editor-canvas.ts`   the drawing surface over the page
 * - `editor-recorder.ts` screen recording and its preview
 *
 * The recording is handed back as a file: the outbox keeps it with its report and uploads it when the report is sent
 * (`recording-upload.ts`, exported here so that the same chunk does it).
 */

export { uploadRecording } from './recording-upload';

export interface CaptureEditorOptions {
  mode: CaptureMode;
}

export type CaptureEditorResult =
  | { cancelled: true }
  | { cancelled: false; mode: 'screenshot' }
  | { cancelled: false; mode: 'capture'; recording: RecordingResult };

/** Id of the editor's host element in the page. */
export const EDITOR_HOST_ID = 'gl-capture-editor';

/** Remove every drawing from the page (after a report is sent or the capture is cancelled). */
export function cleanupDrawings(): void {
  removeDrawingLayer(document);
}

/**
 * Open the capture editor over the page: draw on it (screenshot mode) or record the screen (capture mode). Resolves when the
 * visitor continues or cancels; the drawings stay in the page for the snapshot until `cleanupDrawings`.
 */
export function openCaptureEditor(opts: CaptureEditorOptions): Promise<CaptureEditorResult> {
  document.getElementById(EDITOR_HOST_ID)?.remove();
  localizeEditor();
  return new Promise<CaptureEditorResult>((resolve) => {
    const supported = isScreenRecordingSupported();
    let state: EditorState = initialEditorState(opts.mode, { recordingSupported: supported, micAvailable: supported });
    const store: EditorStore = {
      get state() {
        return state;
      },
      dispatch,
    };

    const canvas = createEditorCanvas(store);
    const recorder = createEditorRecorder({ store, clearDrawings: canvas.clear });
    const toolbar = createEditorToolbar({
      mode: opts.mode,
      store,
      onUndo: canvas.undo,
      onRecordToggle: () => void recorder.toggle(),
      recordingHasMic: () => recorder.hasMic,
    });

    // focus goes back where it was when the editor closes (a page control, the launcher), unless it moved on since
    let opener = document.activeElement as HTMLElement | null;
    while (opener?.shadowRoot?.activeElement) opener = opener.shadowRoot.activeElement as HTMLElement;

    const host = el('div', { id: EDITOR_HOST_ID, [EXCLUDE_ATTRIBUTE]: '', dir: core.textDir?.() ?? 'ltr' });
    const shadow = host.attachShadow({ mode: 'open' });
    applyStyles(shadow);
    const root = el('div', { class: 'root', role: 'dialog', 'aria-modal': 'false', 'aria-label': T.toolbar });
    root.append(el('div', { class: 'frame' }), canvas.surface, ...toolbar.elements, recorder.preview);
    shadow.append(root);
    document.body.appendChild(host);

    // Screenshot mode freezes the page where the visitor marks it: the snapshot restores this scroll position.
    const html = document.documentElement;
    const previousOverflow = html.style.overflow;
    if (opts.mode === 'screenshot') html.style.overflow = 'hidden';

    function handleBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      event.returnValue = '';
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' || event.key === 'Enter') {
        if (event.key === 'Enter' && (state.mode !== 'screenshot' || event.isComposing)) return;
        event.preventDefault();
        event.stopPropagation();
        dispatch({ type: 'key', key: event.key });
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        canvas.undo();
      }
    }
    window.addEventListener('beforeunload', handleBeforeUnload);
    window.addEventListener('keydown', handleKeyDown, true);

    function render() {
      root.style.setProperty('--gl-color', state.color);
      canvas.render(state);
      toolbar.render(state);
      recorder.render(state);
    }

    function dispatch(action: EditorAction) {
      const before = state;
      state = editorReducer(state, action);
      if (action.type === 'toggle-mic' && state.micEnabled !== before.micEnabled)
        recorder.setMicEnabled(state.micEnabled);
      if (state.result && !before.result) finish();
      else render();
    }

    function finish() {
      const result = state.result;
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('keydown', handleKeyDown, true);
      html.style.overflow = previousOverflow;
      const recording = recorder.recording;
      recorder.dispose();
      host.remove();
      const now = document.activeElement;
      if ((!now || now === document.body) && opener?.isConnected) opener.focus({ preventScroll: true });
      if (result && !result.cancelled && result.mode === 'screenshot')
        resolve({ cancelled: false, mode: 'screenshot' });
      else if (result && !result.cancelled && recording) resolve({ cancelled: false, mode: 'capture', recording });
      else {
        cleanupDrawings();
        resolve({ cancelled: true });
      }
    }

    render();
    toolbar.focusFirst();
  });
}

/** The core's hand-over (`core/capture-port.ts` calls it when it loads this chunk). */
export { use } from './core';
