import { type DrawingTool, ensureDrawingLayer, ShapeInProgress } from './drawing';
import { el } from './editor-dom';
import { canDraw, type EditorState, type EditorStore } from './editor-state';

/**
 * The canvas part of the capture editor: the transparent surface over the page that turns pointer strokes into shapes
 * on the page's drawing layer (`drawing.ts`), with undo and clear.
 */
export interface EditorCanvas {
  /** The surface element; the editor puts it into its shadow root. */
  readonly surface: HTMLElement;
  render(state: EditorState): void;
  /** Remove the last shape (toolbar Undo, Ctrl/Cmd+Z); not while a shape is being drawn. */
  undo(): void;
  /** Remove every shape (Retry of a recording). */
  clear(): void;
}

export function createEditorCanvas(store: EditorStore): EditorCanvas {
  const layer = ensureDrawingLayer(document);
  const surface = el('div', { class: 'surface', 'data-testid': 'capture-surface' });
  let shape: ShapeInProgress | null = null;

  function handlePointerDown(event: PointerEvent) {
    const { state } = store;
    if (event.button !== 0 || state.tool === 'pointer' || !canDraw(state)) return;
    event.preventDefault();
    surface.setPointerCapture?.(event.pointerId);
    shape = new ShapeInProgress(layer, state.tool as DrawingTool, state.color, {
      x: event.clientX,
      y: event.clientY,
    });
    store.dispatch({ type: 'draw-start' });
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
    store.dispatch({ type: 'draw-end', kept });
  }
  surface.addEventListener('pointerdown', handlePointerDown);
  surface.addEventListener('pointermove', handlePointerMove);
  surface.addEventListener('pointerup', handlePointerUp);
  surface.addEventListener('pointercancel', handlePointerUp);

  return {
    surface,
    render(state) {
      surface.setAttribute('data-tool', state.tool);
      surface.toggleAttribute('data-disabled', !canDraw(state));
    },
    undo() {
      if (store.state.shapes === 0 || store.state.drawing) return;
      layer.lastElementChild?.remove();
      store.dispatch({ type: 'undo' });
    },
    clear() {
      while (layer.firstChild) layer.firstChild.remove();
    },
  };
}
