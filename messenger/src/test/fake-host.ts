import {
  encodeMessage,
  type FrameToWidget,
  isFrameToWidget,
  type MessageOf,
  type WidgetToFrame,
} from '@voltline/widget/protocol';
import { createHostChannel, type HostEnvironment } from '../bridge/host-channel';

export const HOST_ORIGIN = 'https://host.example';

export interface PostedMessage {
  message: unknown;
  targetOrigin: string;
}

/**
 * A stand-in for the widget's window: a real jsdom window (an iframe's) whose `postMessage` records what the
 * messenger posts, plus a way to deliver widget -> frame messages as the browser would.
 */
export function createFakeHost(options: { origin?: string; ancestorOrigins?: string[]; referrer?: string } = {}) {
  const origin = options.origin ?? HOST_ORIGIN;
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const parent = iframe.contentWindow as Window;
  const posted: PostedMessage[] = [];
  parent.postMessage = ((message: unknown, targetOrigin: string) => {
    posted.push({ message, targetOrigin });
  }) as Window['postMessage'];

  const env: HostEnvironment = {
    parent,
    receiver: window,
    ancestorOrigins: options.ancestorOrigins ?? [origin],
    referrer: options.referrer ?? '',
    isTopLevel: false,
  };
  const channel = createHostChannel(env);

  /** Every frame -> widget message posted so far, decoded. */
  const sent = (): MessageOf<FrameToWidget>[] =>
    posted.map((p) => isFrameToWidget(p.message)).filter((m): m is MessageOf<FrameToWidget> => m !== null);

  return {
    origin,
    parent,
    env,
    channel,
    posted,
    sent,
    /** The data of every posted message with this name, in order. */
    sentData<K extends keyof FrameToWidget>(name: K): FrameToWidget[K][] {
      return sent()
        .filter((m) => m.name === name)
        .map((m) => m.data as FrameToWidget[K]);
    },
    /** Deliver a widget -> frame message; by default from the parent window and the host origin. */
    deliver<K extends keyof WidgetToFrame>(
      name: K,
      data: WidgetToFrame[K],
      from: { origin?: string; source?: Window | null } = {},
    ) {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: encodeMessage<WidgetToFrame, K>(name, data),
          origin: from.origin ?? origin,
          source: from.source === undefined ? parent : from.source,
        }),
      );
    },
    cleanup() {
      channel.stop();
      iframe.remove();
    },
  };
}

export type FakeHost = ReturnType<typeof createFakeHost>;
