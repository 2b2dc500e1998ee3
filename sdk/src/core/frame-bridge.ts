import {
  type FrameToWidget,
  type MessageOf,
  type WidgetToFrame,
  encodeMessage,
  isFrameToWidget,
} from '../protocol/messages';
import { originOf, settings } from './state';

/**
 * The one place of the core that talks to the messenger frame: exact-origin `postMessage` both ways (never "*"),
 * readiness after `ping`, and a queue of messages flushed on ping.
 */
let target: (() => Window | null) | null = null;
let ready = false;
let queue: string[] = [];

export function attachFrame(getWindow: () => Window | null): void {
  target = getWindow;
}

export function isFrameReady(): boolean {
  return ready;
}

export function frameOrigin(): string {
  return originOf(settings.frameUrl);
}

function post(raw: string): void {
  const win = target?.();
  const origin = frameOrigin();
  if (win && origin && origin !== 'null') win.postMessage(raw, origin);
}

/** Send to the frame; before the ping the message is kept only when `queue` is set. */
export function sendToFrame<K extends keyof WidgetToFrame>(name: K, data: WidgetToFrame[K], queueIt = false): void {
  const raw = encodeMessage<WidgetToFrame, K>(name, data);
  if (ready) post(raw);
  else if (queueIt) queue.push(raw);
}

/** Mark the frame ready (on ping) and flush the queue after the given first messages. */
export function markFrameReady(first: () => void): void {
  ready = true;
  first();
  const pending = queue;
  queue = [];
  for (const raw of pending) post(raw);
}

/** Decode a window message if, and only if, it comes from the frame's exact origin (and window, when known). */
export function acceptFrameMessage(ev: MessageEvent): MessageOf<FrameToWidget> | null {
  if (ev.origin !== frameOrigin()) return null;
  const win = target?.();
  if (win && ev.source && ev.source !== win) return null;
  return isFrameToWidget(ev.data);
}

export function resetFrameBridge(): void {
  ready = false;
  queue = [];
  target = null;
}
