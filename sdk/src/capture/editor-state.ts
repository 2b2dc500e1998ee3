import { DEFAULT_COLOR, RECORDING, SWATCHES } from './constants';

export type CaptureMode = 'screenshot' | 'capture';
export type EditorTool = 'pointer' | 'rectangle' | 'pen' | 'blur';
/** Recording mode runs idle -> starting -> recording -> preview; Next finishes with the recording, Retry goes back to idle. */
export type RecordingPhase = 'idle' | 'starting' | 'recording' | 'preview';
export type EditorAlert = null | 'permission-denied' | 'recording-failed';

export type EditorResult =
  | { cancelled: true }
  | { cancelled: false; mode: 'screenshot' }
  | { cancelled: false; mode: 'capture' };

export interface EditorState {
  mode: CaptureMode;
  tool: EditorTool;
  color: string;
  colorPickerOpen: boolean;
  /** A shape is being drawn right now (the toolbar fades meanwhile). */
  drawing: boolean;
  /** Shapes on the layer, for undo. */
  shapes: number;
  recording: RecordingPhase;
  elapsedMs: number;
  micEnabled: boolean;
  micAvailable: boolean;
  recordingSupported: boolean;
  alert: EditorAlert;
  /** Set once the editor is done; the editor closes on it. */
  result: EditorResult | null;
}

export type EditorAction =
  | { type: 'select-tool'; tool: EditorTool }
  | { type: 'toggle-color-picker' }
  | { type: 'select-color'; color: string }
  | { type: 'draw-start' }
  | { type: 'draw-end'; kept: boolean }
  | { type: 'undo' }
  | { type: 'key'; key: string }
  | { type: 'next' }
  | { type: 'cancel' }
  | { type: 'toggle-mic' }
  | { type: 'mic-unavailable' }
  | { type: 'record-requested' }
  | { type: 'record-started' }
  | { type: 'record-denied' }
  | { type: 'record-failed' }
  | { type: 'tick'; elapsedMs: number }
  | { type: 'record-stopped' }
  | { type: 'retry' }
  | { type: 'recording-accepted' }
  | { type: 'dismiss-alert' };

export interface EditorEnvironment {
  recordingSupported: boolean;
  micAvailable: boolean;
}

/** The state the editor opens in: rectangle and red in screenshot mode; in recording mode the pointer, as drawing waits for the recording. */
export function initialEditorState(mode: CaptureMode, env: EditorEnvironment): EditorState {
  return {
    mode,
    tool: mode === 'screenshot' ? 'rectangle' : 'pointer',
    color: DEFAULT_COLOR,
    colorPickerOpen: false,
    drawing: false,
    shapes: 0,
    recording: 'idle',
    elapsedMs: 0,
    micEnabled: env.micAvailable,
    micAvailable: env.micAvailable,
    recordingSupported: env.recordingSupported,
    alert: null,
    result: null,
  };
}

/** Drawing tools work in screenshot mode, and in recording mode only while recording (spec §4). */
export function canDraw(state: EditorState): boolean {
  return state.mode === 'screenshot' || state.recording === 'recording';
}

/** Tools shown in the toolbar, in order. The pointer exists only in recording mode. */
export function availableTools(mode: CaptureMode): EditorTool[] {
  return mode === 'capture' ? ['pointer', 'rectangle', 'pen', 'blur'] : ['rectangle', 'pen', 'blur'];
}

/** Remaining recording time as m:ss, counting down from 2:00. */
export function formatRemaining(elapsedMs: number, maxMs: number = RECORDING.maxDurationMs): string {
  const left = Math.max(0, Math.ceil((maxMs - elapsedMs) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** The capture editor as a pure state machine; the DOM layer only renders states and performs the side effects they ask for. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (state.result) return state;
  switch (action.type) {
    case 'select-tool': {
      if (!availableTools(state.mode).includes(action.tool)) return state;
      if (action.tool !== 'pointer' && !canDraw(state)) return state;
      return { ...state, tool: action.tool, colorPickerOpen: false };
    }
    case 'toggle-color-picker':
      return { ...state, colorPickerOpen: !state.colorPickerOpen };
    case 'select-color':
      if (!(SWATCHES as readonly string[]).includes(action.color)) return state;
      return { ...state, color: action.color, colorPickerOpen: false };
    case 'draw-start':
      if (state.tool === 'pointer' || !canDraw(state)) return state;
      return { ...state, drawing: true, colorPickerOpen: false };
    case 'draw-end':
      if (!state.drawing) return state;
      return { ...state, drawing: false, shapes: state.shapes + (action.kept ? 1 : 0) };
    case 'undo':
      return state.shapes > 0 && !state.drawing ? { ...state, shapes: state.shapes - 1 } : state;
    case 'key':
      if (action.key === 'Escape') return { ...state, result: { cancelled: true } };
      // Enter continues only in screenshot mode (spec §5).
      if (action.key === 'Enter' && state.mode === 'screenshot' && !state.drawing) {
        return { ...state, result: { cancelled: false, mode: 'screenshot' } };
      }
      return state;
    case 'next':
      if (state.mode === 'screenshot') return { ...state, result: { cancelled: false, mode: 'screenshot' } };
      return state;
    case 'cancel':
      return { ...state, result: { cancelled: true } };
    case 'toggle-mic':
      if (!state.micAvailable) return state;
      return { ...state, micEnabled: !state.micEnabled };
    case 'mic-unavailable':
      return { ...state, micAvailable: false, micEnabled: false };
    case 'record-requested':
      if (state.mode !== 'capture' || state.recording !== 'idle' || !state.recordingSupported) return state;
      return { ...state, recording: 'starting', alert: null };
    case 'record-started':
      if (state.recording !== 'starting') return state;
      return { ...state, recording: 'recording', elapsedMs: 0, tool: 'rectangle' };
    case 'record-denied':
      return { ...state, recording: 'idle', alert: 'permission-denied' };
    case 'record-failed':
      return { ...state, recording: 'idle', alert: 'recording-failed', tool: 'pointer', drawing: false, elapsedMs: 0 };
    case 'tick':
      if (state.recording !== 'recording') return state;
      return { ...state, elapsedMs: Math.min(action.elapsedMs, RECORDING.maxDurationMs) };
    case 'record-stopped':
      if (state.recording !== 'recording') return state;
      return { ...state, recording: 'preview', tool: 'pointer', drawing: false, colorPickerOpen: false };
    case 'retry':
      if (state.recording !== 'preview') return state;
      return { ...state, recording: 'idle', elapsedMs: 0, alert: null };
    case 'recording-accepted':
      if (state.recording !== 'preview') return state;
      return { ...state, result: { cancelled: false, mode: 'capture' } };
    case 'dismiss-alert':
      return { ...state, alert: null };
    default:
      return state;
  }
}

/** The editor's state and its one way to change it, as the toolbar, canvas and recorder parts see them. */
export interface EditorStore {
  readonly state: EditorState;
  dispatch(action: EditorAction): void;
}
