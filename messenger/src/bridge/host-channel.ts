import {
  encodeMessage,
  type FrameToWidget,
  isWidgetToFrame,
  type MessageOf,
  type WidgetToFrame,
} from '@voltline/widget/protocol';

/**
 * What the channel needs from the browser. The real one is built from `window`; tests pass a fake parent.
 * This file is the only place in the messenger that reads `window.parent` or calls `postMessage`.
 */
export interface HostEnvironment {
  /** The widget's window (the page that embeds the messenger frame). */
  parent: Window;
  /** Where `message` events arrive (the messenger's own window). */
  receiver: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** `location.ancestorOrigins` as a plain list (empty where the browser has none, e.g. Firefox). */
  ancestorOrigins: readonly string[];
  /** `document.referrer`. */
  referrer: string;
  /** True when the messenger is the top window, so there is no host to talk to. */
  isTopLevel: boolean;
}

type Extra = Record<string, unknown>;

/** Arguments of `send`: messages whose data is `undefined` may omit it. */
export type SendArgs<K extends keyof FrameToWidget> = FrameToWidget[K] extends undefined
  ? [data?: undefined, extra?: Extra]
  : [data: FrameToWidget[K], extra?: Extra];

export type HostMessageHandler<K extends keyof WidgetToFrame> = (
  data: WidgetToFrame[K],
  envelope: MessageOf<WidgetToFrame>,
) => void;

export interface HostChannel {
  /** The exact origin of the host page, or `null` when it cannot be known (then nothing is sent or accepted). */
  readonly hostOrigin: string | null;
  /** Post one frame -> widget message to the host's exact origin. Returns false when there is no host. */
  send<K extends keyof FrameToWidget>(name: K, ...args: SendArgs<K>): boolean;
  /** Listen to one widget -> frame message; returns the function that stops listening. */
  on<K extends keyof WidgetToFrame>(name: K, handler: HostMessageHandler<K>): () => void;
  /** Start listening and send the `ping` handshake (once per start). */
  start(): void;
  /** Stop listening. */
  stop(): void;
}

/** The environment of the running page. */
export function browserEnvironment(): HostEnvironment {
  const ancestors = window.location.ancestorOrigins;
  return {
    parent: window.parent,
    receiver: window,
    ancestorOrigins: ancestors ? Array.from(ancestors) : [],
    referrer: document.referrer,
    isTopLevel: window.parent === window,
  };
}

/**
 * The host page's origin: the first ancestor origin when the browser tells it, else the referrer's origin.
 * A frame that is not embedded, or an opaque (`null`) origin, has no host.
 */
export function resolveHostOrigin(env: Pick<HostEnvironment, 'ancestorOrigins' | 'referrer' | 'isTopLevel'>) {
  if (env.isTopLevel) return null;
  const fromAncestors = env.ancestorOrigins[0];
  if (fromAncestors && fromAncestors !== 'null') return fromAncestors;
  if (!env.referrer) return null;
  try {
    const origin = new URL(env.referrer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The messenger's one connection to the widget. Messages are accepted only from the parent window and its exact
 * origin, and posted only to that origin, never `"*"`.
 *
 * @example
 * const channel = createHostChannel();
 * channel.on('config-update', (data) => applyConfig(data.config));
 * channel.start(); // sends `ping`; the widget answers with config-update and session-update
 */
export function createHostChannel(env: HostEnvironment = browserEnvironment()): HostChannel {
  const hostOrigin = resolveHostOrigin(env);
  const handlers = new Map<keyof WidgetToFrame, Set<HostMessageHandler<keyof WidgetToFrame>>>();
  let listening = false;

  const handleMessage = (event: MessageEvent) => {
    if (hostOrigin === null || event.source !== env.parent || event.origin !== hostOrigin) return;
    const message = isWidgetToFrame(event.data);
    if (!message) return;
    const set = handlers.get(message.name);
    if (!set) return;
    for (const handler of [...set]) {
      // One failing screen must not stop the others from hearing the message; the error is still reported.
      try {
        handler(message.data, message);
      } catch (error) {
        console.error(`[messenger] handler for "${String(message.name)}" failed`, error);
      }
    }
  };

  const channel: HostChannel = {
    hostOrigin,
    send(name, ...args) {
      if (hostOrigin === null) return false;
      const [data, extra] = args;
      env.parent.postMessage(
        encodeMessage<FrameToWidget, typeof name>(name, data as FrameToWidget[typeof name], extra),
        hostOrigin,
      );
      return true;
    },
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      const stored = handler as HostMessageHandler<keyof WidgetToFrame>;
      set.add(stored);
      return () => {
        set.delete(stored);
      };
    },
    start() {
      if (listening) return;
      listening = true;
      env.receiver.addEventListener('message', handleMessage);
      channel.send('ping');
    },
    stop() {
      if (!listening) return;
      listening = false;
      env.receiver.removeEventListener('message', handleMessage);
    },
  };
  return channel;
}
