import { record } from '@rrweb/record';
import { core } from './core';
import { REPLAY, REPLAY_MOUSE_INTERACTIONS } from './constants';
import { getPageInfo } from './page-info';
import { capReplayEvent, ReplayBuffer } from './replay-events';
import { redactReplayUrls, replayMaskOptions } from './replay-privacy';
import type { ReplayEvent, WebReplayPayload } from './types';

/** rrweb's EventType.FullSnapshot, EventType.IncrementalSnapshot and EventType.Meta. */
const FULL_SNAPSHOT = 2;
const INCREMENTAL_SNAPSHOT = 3;
const META = 4;

/**
 * What our patch of @rrweb/record (patches/@rrweb__record@2.1.6.patch) adds: the full snapshot walked in slices, and a
 * way to finish a walk at once.
 */
interface SlicedRecord {
  flushFullSnapshot?: () => void;
  isTakingFullSnapshot?: () => boolean;
}
const sliced = record as unknown as SlicedRecord;

const buffer = new ReplayBuffer();
let stopRecording: (() => void) | undefined;
let startPending = false;
let checkoutPending = false;
let lastFullSnapshotAt = 0;
let incrementalSinceFullSnapshot = 0;
/**
 * Events rrweb emits while a sliced full snapshot is being walked (between its Meta and FullSnapshot events): kept back
 * and added after the FullSnapshot, so that the replay never meets an event before the snapshot it applies to.
 */
let heldBack: ReplayEvent[] | null = null;

function addEvent(event: ReplayEvent, isCheckout: boolean): void {
  if (event.type === META) {
    heldBack = [];
    buffer.add(event, isCheckout);
    return;
  }
  if (heldBack && event.type !== FULL_SNAPSHOT) {
    heldBack.push(event);
    return;
  }
  buffer.add(event, isCheckout);
  trackCheckout(event);
  if (event.type === FULL_SNAPSHOT && heldBack) {
    const held = heldBack;
    heldBack = null;
    for (const e of held) {
      // They happened during the walk; replayed right after the snapshot, in their order.
      e.timestamp = Math.max(e.timestamp, event.timestamp);
      buffer.add(e);
      trackCheckout(e);
    }
  }
}

/**
 * A full snapshot is one synchronous walk of the whole DOM, the longest task replay causes. rrweb would take a checkout
 * inside the emit of whichever event crossed the limit (in the middle of the page's own mutation or input handling, one
 * long task on top of another); asking for it at idle time keeps it apart from the page's work.
 */
function trackCheckout(event: ReplayEvent): void {
  if (event.type === FULL_SNAPSHOT) {
    lastFullSnapshotAt = event.timestamp;
    incrementalSinceFullSnapshot = 0;
    return;
  }
  if (event.type !== INCREMENTAL_SNAPSHOT || checkoutPending) return;
  incrementalSinceFullSnapshot += 1;
  const due =
    incrementalSinceFullSnapshot >= REPLAY.checkoutEveryEvents ||
    event.timestamp - lastFullSnapshotAt > REPLAY.checkoutEveryMs;
  if (!due) return;
  checkoutPending = true;
  core.whenIdle(() => {
    checkoutPending = false;
    if (!stopRecording) return;
    try {
      record.takeFullSnapshot(true);
    } catch (error) {
      console.warn('[Voltline] Session replay checkout failed', error);
    }
  }, REPLAY.checkoutIdleTimeoutMs);
}

function beginRecording(): void {
  startPending = false;
  if (stopRecording || typeof window === 'undefined') return;
  try {
    const stop = record<ReplayEvent>({
      emit(event, isCheckout) {
        addEvent(redactReplayUrls(event), isCheckout === true);
      },
      blockClass: REPLAY.blockClass,
      ignoreClass: REPLAY.ignoreClass,
      maskTextClass: REPLAY.maskTextClass,
      ...replayMaskOptions(),
      inlineImages: false,
      recordCanvas: REPLAY.recordCanvas,
      collectFonts: REPLAY.collectFonts,
      recordCrossOriginIframes: REPLAY.recordCrossOriginIframes,
      dataURLOptions: { type: 'image/jpeg', quality: REPLAY.imageQuality },
      sampling: {
        scroll: REPLAY.scrollSamplingMs,
        mousemove: REPLAY.mouseMoveSamplingMs,
        mouseInteraction: { ...REPLAY_MOUSE_INTERACTIONS },
        input: 'last',
      },
      errorHandler: () => true,
      // patched option: the full snapshot is walked in slices of at most this long (or this many nodes)
      fullSnapshotSliceMs: REPLAY.snapshotSliceMs,
      fullSnapshotSliceNodes: REPLAY.snapshotSliceNodes,
      // each slice of the full snapshot walk runs as its own task
      scheduleFullSnapshotSlice: core.nextTask,
    } as Parameters<typeof record<ReplayEvent>>[0]);
    stopRecording = stop ?? (() => {});
  } catch (error) {
    console.warn('[Voltline] Session replay could not start', error);
  }
}

/** A report asked for before the idle start happened still gets its replay: start now. */
function flushPendingStart(): void {
  if (startPending) beginRecording();
}

/**
 * Start recording the session replay once the main thread is idle (the first full snapshot is the costliest task of
 * replay and must not stack on the page's start-up); a second call while recording or waiting does nothing.
 */
export function startReplay(): void {
  if (stopRecording || startPending || typeof window === 'undefined') return;
  startPending = true;
  core.whenIdle(() => {
    if (startPending) beginRecording();
  }, REPLAY.startIdleTimeoutMs);
}

/** True while a full snapshot is being walked (its slices still to come). */
export function isReplaySnapshotPending(): boolean {
  return sliced.isTakingFullSnapshot?.() ?? false;
}

/** Stop recording; what was recorded stays available to `getReplayPayload`. */
export function stopReplay(): void {
  startPending = false;
  heldBack = null;
  stopRecording?.();
  stopRecording = undefined;
}

/** Drop everything recorded and start afresh (a new flow starts a new replay). */
export function resetReplay(): void {
  stopReplay();
  buffer.clear();
  startReplay();
  // The visitor is starting a report now: the new replay begins here, not at the next idle moment.
  flushPendingStart();
}

/** The replay of the last one or two segments in the wire shape, or null when nothing was recorded. */
export function getReplayPayload(): WebReplayPayload | null {
  flushPendingStart();
  // A full snapshot still being walked is finished now, so that the payload holds it.
  sliced.flushFullSnapshot?.();
  const events = buffer.events();
  const first = events[0];
  if (!first) return null;
  return {
    startDate: first.timestamp,
    events: events.map((event) => capReplayEvent(event)),
    ...getPageInfo(),
    type: 'rrweb',
  };
}

/** The core's hand-over (`core/capture-port.ts` calls it when it loads this chunk). */
export { use } from './core';
