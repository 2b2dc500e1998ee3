import { describe, expect, test } from 'vitest';
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  formatRemaining,
  initialEditorState,
} from './editor-state';

const env = { recordingSupported: true, micAvailable: true };
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const screenshot = () => initialEditorState('screenshot', env);
const capture = () => initialEditorState('capture', env);

describe('editor state in screenshot mode', () => {
  test('starts with the rectangle tool in red', () => {
    expect(screenshot()).toMatchObject({ tool: 'rectangle', color: '#EB144C', shapes: 0, result: null });
  });

  test('has no pointer tool', () => {
    expect(run(screenshot(), { type: 'select-tool', tool: 'pointer' }).tool).toBe('rectangle');
  });

  test('fades the toolbar while drawing and counts the shape when kept', () => {
    const drawing = run(screenshot(), { type: 'draw-start' });
    expect(drawing.drawing).toBe(true);
    const done = run(drawing, { type: 'draw-end', kept: true });
    expect(done).toMatchObject({ drawing: false, shapes: 1 });
  });

  test('undo removes the last shape and stops at zero', () => {
    const s = run(
      screenshot(),
      { type: 'draw-start' },
      { type: 'draw-end', kept: true },
      { type: 'undo' },
      { type: 'undo' },
    );
    expect(s.shapes).toBe(0);
  });

  test('selecting a swatch closes the picker; unknown colours are refused', () => {
    const s = run(screenshot(), { type: 'toggle-color-picker' }, { type: 'select-color', color: '#0A93E4' });
    expect(s).toMatchObject({ color: '#0A93E4', colorPickerOpen: false });
    expect(run(s, { type: 'select-color', color: '#123456' }).color).toBe('#0A93E4');
  });

  test('Next continues with a screenshot', () => {
    expect(run(screenshot(), { type: 'next' }).result).toEqual({ cancelled: false, mode: 'screenshot' });
  });

  test('Enter continues with a screenshot', () => {
    expect(run(screenshot(), { type: 'key', key: 'Enter' }).result).toEqual({ cancelled: false, mode: 'screenshot' });
  });

  test('Escape cancels', () => {
    expect(run(screenshot(), { type: 'key', key: 'Escape' }).result).toEqual({ cancelled: true });
  });

  test('ignores everything once finished', () => {
    const done = run(screenshot(), { type: 'cancel' });
    expect(run(done, { type: 'next' })).toBe(done);
  });
});

describe('editor state in recording mode', () => {
  test('starts on the pointer with drawing disabled', () => {
    const s = capture();
    expect(s.tool).toBe('pointer');
    expect(run(s, { type: 'select-tool', tool: 'pen' }).tool).toBe('pointer');
    expect(run(s, { type: 'draw-start' }).drawing).toBe(false);
  });

  test('Enter does not continue', () => {
    expect(run(capture(), { type: 'key', key: 'Enter' }).result).toBeNull();
  });

  test('runs idle, starting, recording, preview', () => {
    let s = run(capture(), { type: 'record-requested' });
    expect(s.recording).toBe('starting');
    s = run(s, { type: 'record-started' });
    expect(s).toMatchObject({ recording: 'recording', tool: 'rectangle' });
    s = run(s, { type: 'tick', elapsedMs: 5000 });
    expect(s.elapsedMs).toBe(5000);
    s = run(s, { type: 'record-stopped' });
    expect(s).toMatchObject({ recording: 'preview', tool: 'pointer' });
  });

  test('enables drawing tools once recording', () => {
    const s = run(
      capture(),
      { type: 'record-requested' },
      { type: 'record-started' },
      { type: 'select-tool', tool: 'blur' },
    );
    expect(s.tool).toBe('blur');
  });

  test('shows the permission alert when capture is refused and returns to idle', () => {
    const s = run(capture(), { type: 'record-requested' }, { type: 'record-denied' });
    expect(s).toMatchObject({ recording: 'idle', alert: 'permission-denied' });
  });

  test('refuses to record where recording is not supported', () => {
    const s = initialEditorState('capture', { recordingSupported: false, micAvailable: false });
    expect(run(s, { type: 'record-requested' }).recording).toBe('idle');
  });

  test('Retry drops the preview and returns to idle', () => {
    const s = run(
      capture(),
      { type: 'record-requested' },
      { type: 'record-started' },
      { type: 'record-stopped' },
      { type: 'retry' },
    );
    expect(s).toMatchObject({ recording: 'idle', elapsedMs: 0 });
  });

  test('Next in the preview finishes with the capture', () => {
    const s = run(
      capture(),
      { type: 'record-requested' },
      { type: 'record-started' },
      { type: 'record-stopped' },
      { type: 'recording-accepted' },
    );
    expect(s.result).toEqual({ cancelled: false, mode: 'capture' });
  });

  test('Next does nothing before the recording stopped', () => {
    const s = run(capture(), { type: 'record-requested' }, { type: 'record-started' }, { type: 'recording-accepted' });
    expect(s).toMatchObject({ recording: 'recording', result: null });
  });

  test('the microphone toggles, and stays off when unavailable', () => {
    expect(run(capture(), { type: 'toggle-mic' }).micEnabled).toBe(false);
    const s = run(capture(), { type: 'mic-unavailable' }, { type: 'toggle-mic' });
    expect(s).toMatchObject({ micAvailable: false, micEnabled: false });
  });

  test('the elapsed time never passes the 2:00 limit', () => {
    const s = run(
      capture(),
      { type: 'record-requested' },
      { type: 'record-started' },
      { type: 'tick', elapsedMs: 999_999 },
    );
    expect(s.elapsedMs).toBe(120_000);
  });
});

describe('formatRemaining', () => {
  test('counts down from 2:00', () => {
    expect(formatRemaining(0)).toBe('2:00');
    expect(formatRemaining(1)).toBe('2:00');
    expect(formatRemaining(1000)).toBe('1:59');
    expect(formatRemaining(65_000)).toBe('0:55');
    expect(formatRemaining(120_000)).toBe('0:00');
  });
});
