import { SWATCHES } from './constants';
import { el, iconButton } from './editor-dom';
import { ICONS } from './editor-icons';
import {
  availableTools,
  type CaptureMode,
  canDraw,
  type EditorState,
  type EditorStore,
  type EditorTool,
  formatRemaining,
} from './editor-state';
import { SWATCH_NAMES, T } from './editor-texts';

/**
 * The toolbar part of the capture editor: the movable toolbar (tools, colour, undo, record/microphone/timer or Next,
 * Dismiss), the hint under it and the alert for recording errors. Its buttons only dispatch actions or call
 * the canvas and recorder parts; `render` mirrors the state into the DOM.
 */
export interface EditorToolbarOptions {
  mode: CaptureMode;
  store: EditorStore;
  /** Undo the last shape (the canvas part). */
  onUndo: () => void;
  /** Start or stop the recording (the recorder part). */
  onRecordToggle: () => void;
  /** Whether the running recording has a microphone track: without one the microphone cannot be turned on mid-way. */
  recordingHasMic: () => boolean;
}

export interface EditorToolbar {
  /** Toolbar, hint and alert, in this order; the editor puts them into its shadow root. */
  readonly elements: HTMLElement[];
  render(state: EditorState): void;
  /** Focus the first control the visitor needs: the rectangle tool, or the record button. */
  focusFirst(): void;
}

const TOOL_LABEL: Record<EditorTool, string> = { pointer: T.pointer, rectangle: T.rectangle, pen: T.pen, blur: T.blur };

export function createEditorToolbar(opts: EditorToolbarOptions): EditorToolbar {
  const { dispatch } = opts.store;
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
  const swatchButtons = SWATCHES.map((color, i) => {
    const b = el('button', {
      type: 'button',
      role: 'radio',
      'aria-label': T[SWATCH_NAMES[i]!],
      'aria-checked': 'false',
    });
    // CSSOM, not a style attribute: a host with `style-src 'self'` blocks inline style attributes (issue 17 item 10).
    const dot = el('span');
    dot.style.setProperty('background', color);
    b.append(dot);
    b.addEventListener('click', () => dispatch({ type: 'select-color', color }));
    palette.append(b);
    return b;
  });
  colorButton.addEventListener('click', () => dispatch({ type: 'toggle-color-picker' }));
  colorWrap.append(colorButton, palette);
  const undoButton = iconButton(T.undo, ICONS.undo);
  undoButton.addEventListener('click', () => opts.onUndo());
  toolbar.append(colorWrap, undoButton, el('span', { class: 'sep' }));

  let recordButton: HTMLButtonElement | null = null;
  let micButton: HTMLButtonElement | null = null;
  let timer: HTMLElement | null = null;
  if (opts.mode === 'capture') {
    recordButton = iconButton(T.startRecording, ICONS.record, { class: 'record', 'aria-pressed': 'false' });
    recordButton.addEventListener('click', () => opts.onRecordToggle());
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

  function renderRecording(state: EditorState, record: HTMLButtonElement, mic: HTMLButtonElement, clock: HTMLElement) {
    const live = state.recording === 'recording';
    record.innerHTML = live ? ICONS.stop : ICONS.record;
    const recordLabel = live ? T.stopRecording : T.startRecording;
    record.setAttribute('aria-label', recordLabel);
    record.setAttribute('aria-pressed', String(live));
    const blocked = !state.recordingSupported || state.recording === 'starting' || state.recording === 'preview';
    record.setAttribute('aria-disabled', String(blocked));
    record.title = state.recordingSupported ? recordLabel : T.browserNotSupported;
    if (!state.recordingSupported) record.append(el('span', { class: 'tip', role: 'tooltip' }, T.browserNotSupported));
    const micLabel = !state.micAvailable ? T.micUnavailable : state.micEnabled ? T.micOn : T.micOff;
    mic.innerHTML = state.micEnabled ? ICONS.mic : ICONS.micOff;
    if (!state.micAvailable) mic.append(el('span', { class: 'tip', role: 'tooltip' }, T.browserNotSupported));
    mic.setAttribute('aria-label', micLabel);
    mic.title = micLabel;
    mic.setAttribute('aria-pressed', String(state.micEnabled));
    mic.setAttribute('aria-disabled', String(!state.micAvailable || (live && !opts.recordingHasMic())));
    clock.textContent = formatRemaining(state.elapsedMs);
    clock.toggleAttribute('data-live', live);
  }

  return {
    elements: [toolbar, hint, alert],
    render(state) {
      const drawable = canDraw(state);
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
      hint.hidden = state.recording === 'preview';
      if (recordButton && micButton && timer) renderRecording(state, recordButton, micButton, timer);
      const alertMessage =
        state.alert === 'permission-denied'
          ? T.permissionDenied
          : state.alert === 'recording-failed'
            ? T.recordingFailed
            : '';
      alert.hidden = alertMessage === '';
      alertText.textContent = alertMessage;
    },
    focusFirst() {
      (opts.mode === 'screenshot' ? toolButtons.get('rectangle') : recordButton)?.focus({ preventScroll: true });
    },
  };
}
