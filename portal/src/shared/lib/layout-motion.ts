/**
 * Whether a panel of the dashboard configuration grid is being dragged or resized. While one is, heavy panel contents
 * (charts, the live map) hold their redraws and resizes, and catch up once when it settles: each of them costs a
 * frame's worth of work on this machine's main thread and GPU, and a panel moving under the pointer must get every
 * frame (decision 0098). Framework-free: the grid sets it from its drag and resize callbacks, contents read it in
 * their own loops and observers, so nothing re-renders because of it.
 */
let moving = false;
const settledListeners = new Set<() => void>();

/** A drag or resize of a panel has started. */
export function startLayoutMotion(): void {
  moving = true;
}

/** The drag or resize has ended: every content that held back catches up now. */
export function endLayoutMotion(): void {
  if (!moving) return;
  moving = false;
  for (const listener of [...settledListeners]) {
    try {
      listener();
    } catch (error) {
      console.error(error);
    }
  }
}

/** Whether a panel is being dragged or resized right now. */
export function isLayoutMoving(): boolean {
  return moving;
}

/** Calls `listener` each time a drag or resize ends; returns the function that stops it. */
export function onLayoutSettled(listener: () => void): () => void {
  settledListeners.add(listener);
  return () => {
    settledListeners.delete(listener);
  };
}
