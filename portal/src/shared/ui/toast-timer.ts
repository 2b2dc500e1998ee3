/** Why a toast's countdown is paused; it runs only when no reason remains. */
export type PauseReason = 'hover' | 'blur' | 'drag';

/**
 * The countdown of one toast: fires `onExpire` after `duration` ms of running time, pausing while any reason
 * (pointer over the toast, window without focus, a drag in progress) holds.
 */
export class ToastTimer {
  private remaining: number;
  private startedAt = 0;
  private handle: ReturnType<typeof setTimeout> | null = null;
  private readonly reasons = new Set<PauseReason>();
  private done = false;

  constructor(
    duration: number,
    private readonly onExpire: () => void,
    private readonly now: () => number = Date.now,
  ) {
    this.remaining = duration;
  }

  start(): void {
    this.run();
  }

  pause(reason: PauseReason): void {
    this.reasons.add(reason);
    this.halt();
  }

  resume(reason: PauseReason): void {
    this.reasons.delete(reason);
    this.run();
  }

  isPaused(): boolean {
    return this.handle === null && !this.done;
  }

  stop(): void {
    this.halt();
    this.done = true;
  }

  private run(): void {
    if (this.done || this.handle !== null || this.reasons.size > 0) return;
    this.startedAt = this.now();
    this.handle = setTimeout(() => {
      this.handle = null;
      this.done = true;
      this.onExpire();
    }, this.remaining);
  }

  private halt(): void {
    if (this.handle === null) return;
    clearTimeout(this.handle);
    this.handle = null;
    this.remaining = Math.max(0, this.remaining - (this.now() - this.startedAt));
  }
}

/** True when a drag of `distance` px dismisses a toast `width` px wide (spec §1: 80 percent). */
export function isSwipeDismiss(distance: number, width: number, threshold: number): boolean {
  return width > 0 && Math.abs(distance) >= width * threshold;
}
