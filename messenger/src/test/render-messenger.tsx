import type { JsonObject } from '@voltline/widget/protocol';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app';
import { createMessengerStore } from '../app/messenger-store';
import { MessengerStoreProvider } from '../app/use-messenger-store';
import { HostChannelProvider } from '../bridge/use-host-channel';
import { createFakeHost } from './fake-host';
import { TEST_API_URL } from './msw-server';

export interface RenderMessengerOptions {
  config?: JsonObject;
  session?: JsonObject | null;
  /** Skip the widget's answer to `ping`, to see what the messenger shows before it. */
  handshake?: boolean;
}

/**
 * The messenger as the widget sees it: the real App, store and channel, talking to a fake parent window that
 * answers the handshake with config-update and session-update, as the widget does.
 */
export function renderMessenger(options: RenderMessengerOptions = {}) {
  const host = createFakeHost();
  const store = createMessengerStore(host.channel);
  host.channel.start();
  const user = userEvent.setup();
  const view = render(
    <HostChannelProvider channel={host.channel}>
      <MessengerStoreProvider store={store}>
        <App />
      </MessengerStoreProvider>
    </HostChannelProvider>,
  );
  if (options.handshake !== false) {
    act(() => {
      host.deliver('config-update', { config: options.config ?? {}, aiTools: [], overrideLanguage: '' });
      host.deliver('session-update', {
        sessionData: options.session === undefined ? { gleapId: 'g1', gleapHash: 'h1' } : options.session,
        apiUrl: TEST_API_URL,
        sdkKey: 'key-1',
      });
    });
  }
  const deliver: typeof host.deliver = (...args) => act(() => host.deliver(...args));
  return {
    ...view,
    host,
    store,
    user,
    deliver,
    cleanup() {
      view.unmount();
      store.dispose();
      host.cleanup();
    },
  };
}
