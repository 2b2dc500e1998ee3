import { record } from '@rrweb/record';
import { REPLAY, REPLAY_MOUSE_INTERACTIONS } from './constants';
import { getPageInfo } from './page-info';
import { capReplayEvent, ReplayBuffer } from './replay-events';
import { replayMaskOptions } from './replay-privacy';
import type { ReplayEvent, WebReplayPayload } from './types';

const buffer = new ReplayBuffer();
let stopRecording: (() => void) | undefined;

/** Start recording the session replay; a second call while recording does nothing. */
export function startReplay(): void {
  if (stopRecording || typeof window === 'undefined') return;
  try {
    const stop = record<ReplayEvent>({
      emit(event, isCheckout) {
        buffer.add(event, isCheckout === true);
      },
      checkoutEveryNms: REPLAY.checkoutEveryMs,
      checkoutEveryNth: REPLAY.checkoutEveryEvents,
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
    });
    stopRecording = stop ?? (() => {});
  } catch (error) {
    console.warn('[Voltline] Session replay could not start', error);
  }
}

/** Stop recording; what was recorded stays available to `getReplayPayload`. */
export function stopReplay(): void {
  stopRecording?.();
  stopRecording = undefined;
}

/** Drop everything recorded and start afresh (a new flow starts a new replay). */
export function resetReplay(): void {
  stopReplay();
  buffer.clear();
  startReplay();
}

/** The replay of the last one or two segments in the wire shape, or null when nothing was recorded. */
export function getReplayPayload(): WebReplayPayload | null {
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
