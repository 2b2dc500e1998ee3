import type { WidgetToFrame } from '@voltline/widget/protocol';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import type { HostChannel, HostMessageHandler } from './host-channel';

const HostChannelContext = createContext<HostChannel | null>(null);

/** Makes the messenger's channel to the widget available to every screen. */
export function HostChannelProvider({ channel, children }: { channel: HostChannel; children: ReactNode }) {
  return <HostChannelContext.Provider value={channel}>{children}</HostChannelContext.Provider>;
}

/** The channel to the widget: `send(name, data)` is typed by the protocol map. */
export function useHostChannel(): HostChannel {
  const channel = useContext(HostChannelContext);
  if (!channel) throw new Error('useHostChannel needs a HostChannelProvider');
  return channel;
}

/**
 * Run `handler` for every `name` message from the widget while the component is mounted. The latest handler is
 * used, so callers need not memoise it.
 */
export function useHostMessage<K extends keyof WidgetToFrame>(name: K, handler: HostMessageHandler<K>): void {
  const channel = useHostChannel();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => channel.on(name, (data, envelope) => latest.current(data, envelope)), [channel, name]);
}
