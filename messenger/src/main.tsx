import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createMessengerStore } from './app/messenger-store';
import { MessengerStoreProvider } from './app/use-messenger-store';
import { createHostChannel } from './bridge/host-channel';
import { HostChannelProvider } from './bridge/use-host-channel';
import './styles.css';

const channel = createHostChannel();
// The store subscribes before the handshake, so config, session and queued messages that follow `ping` are kept.
const store = createMessengerStore(channel);
channel.start();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HostChannelProvider channel={channel}>
        <MessengerStoreProvider store={store}>
          <App />
        </MessengerStoreProvider>
      </HostChannelProvider>
    </StrictMode>,
  );
}
