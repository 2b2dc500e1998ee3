import { afterEach, describe, expect, test } from 'vitest';
import { DRAWING_LAYER_ID } from './drawing';
import { cleanupDrawings, EDITOR_HOST_ID, openCaptureEditor } from './editor';

function shadow(): ShadowRoot {
  const host = document.getElementById(EDITOR_HOST_ID);
  if (!host?.shadowRoot) throw new Error('editor not open');
  return host.shadowRoot;
}

function button(name: string): HTMLButtonElement {
  const found = Array.from(shadow().querySelectorAll('button')).find(
    (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

function pointer(type: string, x: number, y: number) {
  const surface = shadow().querySelector('[data-testid="capture-surface"]')!;
  surface.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true }));
}

function key(k: string) {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
}

afterEach(() => {
  key('Escape');
  cleanupDrawings();
  document.documentElement.style.overflow = '';
});

describe('capture editor in screenshot mode', () => {
  test('shows the toolbar with rectangle selected, the swatches, Next and Dismiss', () => {
    void openCaptureEditor({ mode: 'screenshot' });
    expect(shadow().querySelector('[role="toolbar"]')).not.toBeNull();
    expect(button('Rectangle').getAttribute('aria-pressed')).toBe('true');
    expect(shadow().querySelectorAll('[role="radio"]')).toHaveLength(7);
    expect(button('Next')).toBeTruthy();
    expect(button('Dismiss')).toBeTruthy();
    expect(() => button('Pointer: use the page')).toThrow();
  });

  test('locks page scrolling while open and restores it after', async () => {
    const done = openCaptureEditor({ mode: 'screenshot' });
    expect(document.documentElement.style.overflow).toBe('hidden');
    button('Next').click();
    await done;
    expect(document.documentElement.style.overflow).toBe('');
  });

  test('Next resolves with a screenshot and keeps the drawing in the page', async () => {
    const done = openCaptureEditor({ mode: 'screenshot' });
    pointer('pointerdown', 10, 10);
    pointer('pointermove', 120, 90);
    pointer('pointerup', 120, 90);
    button('Next').click();
    await expect(done).resolves.toEqual({ cancelled: false, mode: 'screenshot' });
    expect(document.getElementById(EDITOR_HOST_ID)).toBeNull();
    expect(document.querySelectorAll(`#${DRAWING_LAYER_ID} rect`)).toHaveLength(1);
  });

  test('Enter resolves with a screenshot', async () => {
    const done = openCaptureEditor({ mode: 'screenshot' });
    key('Enter');
    await expect(done).resolves.toEqual({ cancelled: false, mode: 'screenshot' });
  });

  test('Escape cancels and removes the drawings', async () => {
    const done = openCaptureEditor({ mode: 'screenshot' });
    pointer('pointerdown', 10, 10);
    pointer('pointermove', 50, 50);
    pointer('pointerup', 50, 50);
    key('Escape');
    await expect(done).resolves.toEqual({ cancelled: true });
    expect(document.getElementById(DRAWING_LAYER_ID)).toBeNull();
  });

  test('focus goes back to the page control it was on when the editor closes (issue 36 item 13)', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const cancelled = openCaptureEditor({ mode: 'screenshot' });
    // the editor takes focus to its first tool
    expect(document.activeElement?.id).toBe(EDITOR_HOST_ID);
    key('Escape');
    await cancelled;
    expect(document.activeElement).toBe(opener);
    const sent = openCaptureEditor({ mode: 'screenshot' });
    key('Enter');
    await sent;
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  test('Dismiss cancels', async () => {
    const done = openCaptureEditor({ mode: 'screenshot' });
    button('Dismiss').click();
    await expect(done).resolves.toEqual({ cancelled: true });
  });

  test('fades the toolbar while drawing', () => {
    void openCaptureEditor({ mode: 'screenshot' });
    pointer('pointerdown', 10, 10);
    expect(shadow().querySelector('[role="toolbar"]')!.hasAttribute('data-faded')).toBe(true);
    pointer('pointerup', 60, 60);
    expect(shadow().querySelector('[role="toolbar"]')!.hasAttribute('data-faded')).toBe(false);
  });

  test('draws with the chosen tool and colour, and undo removes the last shape', () => {
    void openCaptureEditor({ mode: 'screenshot' });
    button('Colour').click();
    button('Blue').click();
    button('Pen').click();
    pointer('pointerdown', 10, 10);
    pointer('pointermove', 30, 30);
    pointer('pointerup', 30, 30);
    const path = document.querySelector(`#${DRAWING_LAYER_ID} path`)!;
    expect(path.getAttribute('stroke')).toBe('#0A93E4AA');
    button('Undo').click();
    expect(document.querySelector(`#${DRAWING_LAYER_ID} path`)).toBeNull();
  });

  test('blocks leaving the page while open', () => {
    void openCaptureEditor({ mode: 'screenshot' });
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  test('stops blocking page leave once closed', async () => {
    const done = openCaptureEditor({ mode: 'screenshot' });
    key('Escape');
    await done;
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  test('keeps itself out of the snapshot', () => {
    void openCaptureEditor({ mode: 'screenshot' });
    expect(document.getElementById(EDITOR_HOST_ID)!.hasAttribute('data-gl-exclude')).toBe(true);
  });
});

describe('capture editor in recording mode', () => {
  test('shows record, microphone and a 2:00 timer, with drawing tools disabled', () => {
    void openCaptureEditor({ mode: 'capture' });
    expect(shadow().querySelector('[role="timer"]')!.textContent).toBe('2:00');
    expect(button('Pointer: use the page').getAttribute('aria-pressed')).toBe('true');
    expect(button('Pen').getAttribute('aria-disabled')).toBe('true');
    expect(shadow().querySelector('[role="toolbar"]')!.textContent).not.toContain('Next');
  });

  test('shows the browser-not-supported tooltip where screen recording is unavailable', () => {
    void openCaptureEditor({ mode: 'capture' });
    const record = button('Start recording');
    expect(record.getAttribute('aria-disabled')).toBe('true');
    expect(record.querySelector('[role="tooltip"]')!.textContent).toBe(
      'Screen recording is not supported by this browser.',
    );
  });

  test('does not leave scrolling locked', () => {
    void openCaptureEditor({ mode: 'capture' });
    expect(document.documentElement.style.overflow).toBe('');
  });
});
