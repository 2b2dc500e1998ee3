import { EXCLUDE_ATTRIBUTE, SWATCHES } from './constants';
import { type DrawingTool, ensureDrawingLayer, removeDrawingLayer, ShapeInProgress } from './drawing';
import { ICONS } from './editor-icons';
import {
  availableTools,
  type CaptureMode,
  canDraw,
  type EditorAction,
  type EditorState,
  type EditorTool,
  editorReducer,
  formatRemaining,
  initialEditorState,
} from './editor-state';
import { EDITOR_CSS } from './editor-styles';
import { EDITOR_TEXTS as T } from './editor-texts';
import {
  isScreenRecordingSupported,
  type RecordingResult,
  ScreenCaptureDeniedError,
  ScreenRecorder,
} from './screen-recorder';

export interface CaptureEditorOptions {
  mode: CaptureMode;
  /** Uploads the recording (POST /uploads/sdk) and resolves with its URL. */
  upload: (file: Blob, fileName: string) => Promise<string>;
}

export type CaptureEditorResult =
  | { cancelled: true }
  | { cancelled: false; mode: 'screenshot' }
  | { cancelled: false; mode: 'capture'; screenRecordingUrl: string };

/** Id of the editor's host element in the page. */
export const EDITOR_HOST_ID = 'gl-capture-editor';

/** Remove every drawing from the page (after a report is sent or the capture is cancelled). */
export function cleanupDrawings(): void {
  removeDrawingLayer(document);
}

const TOOL_LABEL: Record<EditorTool, string> = { pointer: T.pointer, rectangle: T.rectangle, pen: T.pen, blur: T.blur };

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  html = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (html) node.innerHTML = html;
  return node;
}

function iconButton(label: string, icon: string, extra: Record<string, string> = {}): HTMLButtonElement {
  const button = el('button', { type: 'button', 'aria-label': label, title: label, ...extra }, icon);
  return button;
}

function applyStyles(shadow: ShadowRoot): void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(EDITOR_CSS);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    // Browsers without constructable stylesheets get a <style> element.
    shadow.appendChild(el('style', {}, EDITOR_CSS));
  }
}

/**
 * Open the capture editor over the page: draw on it (screenshot mode) or record the screen (capture mode). Resolves when the
 * visitor continues or cancels; the drawings stay in the page for the snapshot until `cleanupDrawings`.
 */
export function openCaptureEditor(opts: CaptureEditorOptions): Promise<CaptureEditorResult> {
  document.getElementById(EDITOR_HOST_ID)?.remove();
  return new Promise<CaptureEditorResult>((resolve) => {
    const supported = isScreenRecordingSupported();
    let state: EditorState = initialEditorState(opts.mode, { recordingSupported: supported, micAvailable: supported });
    let recorder: ScreenRecorder | null = null;
    let recording: RecordingResult | null = null;
    let previewUrl = '';
    let shape: ShapeInProgress | null = null;
    let screenRecordingUrl = '';
    // Muting mid-recording needs a microphone track; a recording started without one cannot gain it later.
    let recordingHasMic = false;
    const layer = ensureDrawingLayer(document);

    const host = el('div', { id: EDITOR_HOST_ID, [EXCLUDE_ATTRIBUTE]: '' });
    const shadow = host.attachShadow({ mode: 'open' });
    applyStyles(shadow);
    const root = el('div', { class: 'root', role: 'dialog', 'aria-modal': 'false', 'aria-label': T.toolbar });
    const frame = el('div', { class: 'frame' });
    const surface = el('div', { class: 'surface', 'data-testid': 'capture-surface' });
    const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': T.toolbar });
    const grip = iconButton(T.move, ICONS.move, { class: 'grip' });
    toolbar.append(grip);

    const toolButtons = new Map<EditorTool, HTMLButtonElement>();
    for (const tool of availableTools(opts.mode)) {
      const button = iconButton(TOOL_LABEL[tool], ICONS[tool], { 'aria-pressed': 'false' });
      button.addEventListener('click', () => dispatch({ type: 'select-tool', tool }));
      toolButtons.set(tool, button);
      toolbar.append(button);
    }
    const colorWrap = el('div', { style: 'position:relative;display:flex;justify-content:center' });
    const colorButton = iconButton(T.color, '<span class="chip"></span>', {
      class: 'swatch-button',
      'aria-expanded': 'false',
      'aria-haspopup': 'true',
    });
    const palette = el('div', { class: 'palette', role: 'radiogroup', 'aria-label': T.color });
    const swatchButtons = SWATCHES.map((color) => {
      const b = el(
        'button',
        { type: 'button', role: 'radio', 'aria-label': color, 'aria-checked': 'false' },
        `<span style="background:${color}"></span>`,
      );
      b.addEventListener('click', () => dispatch({ type: 'select-color', color }));
      palette.append(b);
      return b;
    });
    colorButton.addEventListener('click', () => dispatch({ type: 'toggle-color-picker' }));
    colorWrap.append(colorButton, palette);
    const undoButton = iconButton(T.undo, ICONS.undo);
    undoButton.addEventListener('click', () => handleUndo());
    toolbar.append(colorWrap, undoButton, el('span', { class: 'sep' }));

    let recordButton: HTMLButtonElement | null = null;
    let micButton: HTMLButtonElement | null = null;
    let timer: HTMLElement | null = null;
    if (opts.mode === 'capture') {
      recordButton = iconButton(T.startRecording, ICONS.record, { class: 'record', 'aria-pressed': 'false' });
      recordButton.addEventListener('click', () => void handleRecordToggle());
      micButton = iconButton(T.micOn, ICONS.mic, { class: 'mic', 'aria-pressed': 'true' });
      micButton.addEventListener('click', () => {
        if (micButton?.getAttribute('aria-disabled') !== 'true') dispatch({ type: 'toggle-mic' });
      });
      timer = el('span', { class: 'timer', role: 'timer', 'aria-label': T.timeLeft }, formatRemaining(0));
      toolbar.append(recordButton, micButton, timer, el('span', { class: 'sep' }));
    } else {
      const next = el('button', { type: 'button', class: 'primary' }, `${T.next}`);
      next.addEventListener('click', () => dispatch({ type: 'next' }));
      toolbar.append(next);
    }
    const dismiss = iconButton(T.dismiss, ICONS.close);
    dismiss.addEventListener('click', () => dispatch({ type: 'cancel' }));
    toolbar.append(dismiss);

    const hint = el('div', { class: 'hint', 'aria-live': 'polite' });
    const alert = el('div', { class: 'alert', role: 'alert', hidden: '' });
    const alertText = el('p');
    const alertClose = iconButton(T.closeAlert, ICONS.close);
    alertClose.addEventListener('click', () => dispatch({ type: 'dismiss-alert' }));
    alert.append(alertText, alertClose);

    const preview = el('div', { class: 'preview', hidden: '' });
    const card = el('div', { class: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-label': T.previewTitle });
    const video = el('video', { controls: '', playsinline: '' });
    const retry = el('button', { type: 'button', class: 'secondary' }, T.retry);
    const send = el('button', { type: 'button', class: 'primary' }, T.next);
    retry.addEventListener('click', () => handleRetry());
    send.addEventListener('click', () => void handleUpload());
    const actions = el('div', { class: 'actions' });
    actions.append(retry, send);
    card.append(el('h2', {}, T.previewTitle), video, actions);
    preview.append(card);

    root.append(frame, surface, toolbar, hint, alert, preview);
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
        handleUndo();
      }
    }
    window.addEventListener('beforeunload', handleBeforeUnload);
    window.addEventListener('keydown', handleKeyDown, true);

    function handlePointerDown(event: PointerEvent) {
      if (event.button !== 0 || state.tool === 'pointer' || !canDraw(state)) return;
      event.preventDefault();
      surface.setPointerCapture?.(event.pointerId);
      shape = new ShapeInProgress(layer, state.tool as DrawingTool, state.color, {
        x: event.clientX,
        y: event.clientY,
      });
      dispatch({ type: 'draw-start' });
    }
    function handlePointerMove(event: PointerEvent) {
      if (!shape) return;
      const events = event.getCoalescedEvents?.() ?? [];
      for (const e of events.length > 0 ? events : [event]) shape.extend({ x: e.clientX, y: e.clientY });
    }
    function handlePointerUp() {
      if (!shape) return;
      const kept = shape.finish();
      shape = null;
      dispatch({ type: 'draw-end', kept });
    }
    surface.addEventListener('pointerdown', handlePointerDown);
    surface.addEventListener('pointermove', handlePointerMove);
    surface.addEventListener('pointerup', handlePointerUp);
    surface.addEventListener('pointercancel', handlePointerUp);

    // Move-toolbar: drag the grip; the toolbar then stays where it was dropped.
    grip.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      const rect = toolbar.getBoundingClientRect();
      const dx = event.clientX - rect.left;
      const dy = event.clientY - rect.top;
      grip.setPointerCapture?.(event.pointerId);
      const move = (e: PointerEvent) => {
        const left = Math.min(Math.max(0, e.clientX - dx), window.innerWidth - rect.width);
        const top = Math.min(Math.max(0, e.clientY - dy), window.innerHeight - rect.height);
        toolbar.setAttribute('data-moved', '');
        toolbar.style.left = `${left}px`;
        toolbar.style.top = `${top}px`;
      };
      const up = () => {
        grip.removeEventListener('pointermove', move);
        grip.removeEventListener('pointerup', up);
      };
      grip.addEventListener('pointermove', move);
      grip.addEventListener('pointerup', up);
    });

    function handleUndo() {
      if (state.shapes === 0 || state.drawing) return;
      layer.lastElementChild?.remove();
      dispatch({ type: 'undo' });
    }

    async function handleRecordToggle() {
      if (!state.recordingSupported) return;
      if (state.recording === 'recording') {
        await stopRecording();
        return;
      }
      if (state.recording !== 'idle') return;
      dispatch({ type: 'record-requested' });
      recorder = new ScreenRecorder({
        onTick: (elapsedMs) => dispatch({ type: 'tick', elapsedMs }),
        onAutoStop: () => void stopRecording(),
      });
      try {
        await recorder.start(state.micEnabled);
        if (!recorder.micAvailable) dispatch({ type: 'mic-unavailable' });
        recordingHasMic = recorder.hasMic;
        if (state.result) {
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
      if (!active || state.recording !== 'recording') return;
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
      while (layer.firstChild) layer.firstChild.remove();
      dispatch({ type: 'retry' });
      dispatch({ type: 'select-tool', tool: 'pointer' });
    }

    async function handleUpload() {
      if (!recording || state.recording !== 'preview') return;
      dispatch({ type: 'upload-started' });
      try {
        screenRecordingUrl = await opts.upload(recording.blob, recording.fileName);
        dispatch({ type: 'uploaded' });
      } catch (error) {
        console.error('[Voltline] Screen recording upload failed', error);
        dispatch({ type: 'upload-failed' });
      }
    }

    function releasePreview() {
      video.removeAttribute('src');
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      previewUrl = '';
      recording = null;
    }

    function render() {
      const drawable = canDraw(state);
      root.style.setProperty('--gl-color', state.color);
      surface.setAttribute('data-tool', state.tool);
      surface.toggleAttribute('data-disabled', !drawable);
      toolbar.toggleAttribute('data-faded', state.drawing);
      for (const [tool, button] of toolButtons) {
        button.setAttribute('aria-pressed', String(state.tool === tool));
        button.setAttribute('aria-disabled', String(tool !== 'pointer' && !drawable));
      }
      colorButton.setAttribute('aria-expanded', String(state.colorPickerOpen));
      colorButton.setAttribute('aria-disabled', String(!drawable));
      palette.toggleAttribute('data-open', state.colorPickerOpen);
      swatchButtons.forEach((b, i) => {
        b.setAttribute('aria-checked', String(SWATCHES[i] === state.color));
      });
      undoButton.setAttribute('aria-disabled', String(state.shapes === 0));
      hint.toggleAttribute('data-faded', state.drawing);
      hint.textContent =
        state.mode === 'screenshot'
          ? T.hintScreenshot
          : state.recording === 'recording'
            ? T.hintRecording
            : T.hintCaptureIdle;
      hint.hidden = state.recording === 'preview' || state.recording === 'uploading';
      if (recordButton && micButton && timer) {
        const live = state.recording === 'recording';
        recordButton.innerHTML = live ? ICONS.stop : ICONS.record;
        const recordLabel = live ? T.stopRecording : T.startRecording;
        recordButton.setAttribute('aria-label', recordLabel);
        recordButton.setAttribute('aria-pressed', String(live));
        const blocked =
          !state.recordingSupported ||
          state.recording === 'starting' ||
          state.recording === 'preview' ||
          state.recording === 'uploading';
        recordButton.setAttribute('aria-disabled', String(blocked));
        recordButton.title = state.recordingSupported ? recordLabel : T.browserNotSupported;
        if (!state.recordingSupported)
          recordButton.append(el('span', { class: 'tip', role: 'tooltip' }, T.browserNotSupported));
        const micLabel = !state.micAvailable ? T.micUnavailable : state.micEnabled ? T.micOn : T.micOff;
        micButton.innerHTML = state.micEnabled ? ICONS.mic : ICONS.micOff;
        if (!state.micAvailable) micButton.append(el('span', { class: 'tip', role: 'tooltip' }, T.browserNotSupported));
        micButton.setAttribute('aria-label', micLabel);
        micButton.title = micLabel;
        micButton.setAttribute('aria-pressed', String(state.micEnabled));
        micButton.setAttribute('aria-disabled', String(!state.micAvailable || (live && !recordingHasMic)));
        timer.textContent = formatRemaining(state.elapsedMs);
        timer.toggleAttribute('data-live', live);
      }
      const alertMessage =
        state.alert === 'permission-denied'
          ? T.permissionDenied
          : state.alert === 'upload-failed'
            ? T.uploadFailed
            : state.alert === 'recording-failed'
              ? T.recordingFailed
              : '';
      alert.hidden = alertMessage === '';
      alertText.textContent = alertMessage;
      preview.hidden = state.recording !== 'preview' && state.recording !== 'uploading';
      send.textContent = state.recording === 'uploading' ? T.uploading : T.next;
      send.setAttribute('aria-disabled', String(state.recording === 'uploading'));
      retry.setAttribute('aria-disabled', String(state.recording === 'uploading'));
    }

    function dispatch(action: EditorAction) {
      const before = state;
      state = editorReducer(state, action);
      if (action.type === 'toggle-mic' && state.micEnabled !== before.micEnabled)
        recorder?.setMicEnabled(state.micEnabled);
      if (state.result && !before.result) finish();
      else render();
    }

    function finish() {
      const result = state.result;
      window.removeEventListener('beforeunload', handleBeforeUnload);
      window.removeEventListener('keydown', handleKeyDown, true);
      html.style.overflow = previousOverflow;
      recorder?.dispose();
      releasePreview();
      host.remove();
      if (!result || result.cancelled) {
        cleanupDrawings();
        resolve({ cancelled: true });
      } else if (result.mode === 'capture') resolve({ cancelled: false, mode: 'capture', screenRecordingUrl });
      else resolve({ cancelled: false, mode: 'screenshot' });
    }

    render();
    (opts.mode === 'screenshot' ? toolButtons.get('rectangle') : recordButton)?.focus({ preventScroll: true });
  });
}
