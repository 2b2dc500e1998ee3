import { addLog } from '../logs/console-recorder';
import type { Envelope, FrameToWidget, MessageOf } from '../protocol/messages';
import { acceptFrameMessage } from './frame-bridge';

/** What a handler gets: the message's `data`, typed by its name, and the whole envelope (`newTab`, `shareToken`, ...). */
export type MessageHandler<M, K extends keyof M> = (data: M[K], envelope: Envelope<M, K>) => void;

/** A table of handlers over a message map: each name may have one, and its `data` is typed by the map. */
export type MessageHandlers<M> = { [K in keyof M]?: MessageHandler<M, K> };

export interface MessageRouter<M> {
  /** Handle one message name; returns the function that removes this handler again. */
  on<K extends keyof M>(name: K, handler: MessageHandler<M, K>): () => void;
  /** Register a table of handlers at once; returns the function that removes all of them. */
  register(handlers: MessageHandlers<M>): () => void;
  /** Run the handlers of one decoded message in the order they were registered; a throwing handler is logged. */
  dispatch(message: MessageOf<M>): void;
  /** Whether a message name has at least one handler. */
  handles(name: keyof M): boolean;
}

/**
 * A router over one message map of `protocol/messages.ts`: a name has zero or more handlers, run in registration order.
 * A handler that throws is logged and never reaches the host page, and does not stop the other handlers.
 */
export function createMessageRouter<M>(label: string): MessageRouter<M> {
  const table = new Map<keyof M, MessageHandler<M, never>[]>();
  const router: MessageRouter<M> = {
    on(name, handler) {
      const list = table.get(name) ?? [];
      list.push(handler as MessageHandler<M, never>);
      table.set(name, list);
      return () => {
        const current = table.get(name);
        const i = current?.indexOf(handler as MessageHandler<M, never>) ?? -1;
        if (current && i >= 0) current.splice(i, 1);
      };
    },
    register(handlers) {
      const offs = (Object.keys(handlers) as (keyof M)[]).map((name) =>
        router.on(name, handlers[name] as MessageHandler<M, typeof name>),
      );
      return () => {
        for (const off of offs) off();
      };
    },
    dispatch(message) {
      // a copy, so that a handler that removes itself does not skip the next one
      for (const handler of [...(table.get(message.name) ?? [])]) {
        try {
          (handler as MessageHandler<M, keyof M>)(message.data, message as Envelope<M, keyof M>);
        } catch (err) {
          addLog(`${label}: ${String(err)}`, 'ERROR');
        }
      }
    },
    handles(name) {
      return (table.get(name)?.length ?? 0) > 0;
    },
  };
  return router;
}

/**
 * Messages from the messenger frame. The core registers its handlers in `widget.ts`; the engagement surfaces
 * (notifications, banner, tooltips, tours, builder) register theirs here when their chunk loads:
 *
 *     const off = frameMessages.on('start-product-tour', ({ tourId }) => startTour(tourId));
 */
export const frameMessages = createMessageRouter<FrameToWidget>('Voltline widget');

/** Route one window message: only frame messages from the exact frame origin get through. */
export function handleWindowMessage(ev: MessageEvent): void {
  const message = acceptFrameMessage(ev);
  if (message) frameMessages.dispatch(message);
}

let listening = false;

/** Start routing window messages (idempotent); the UI calls this when it creates the frame. */
export function listenForFrameMessages(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', handleWindowMessage);
}

export function stopListeningForFrameMessages(): void {
  listening = false;
  window.removeEventListener('message', handleWindowMessage);
}
