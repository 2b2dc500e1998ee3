import { ws } from 'msw';
import { type BrokerEmulator, type BrokerEmulatorOptions, createBrokerEmulator } from './broker-emulator';

export interface LiveHandlersOptions extends BrokerEmulatorOptions {
  /** The broker URL the portal connects to in demo mode (config `mqttUrl`). Default `ws://127.0.0.1:9001`. */
  url?: string;
  /** Share one emulator with other demo handlers (e.g. the command endpoint calls `emulator.sendCommand`). */
  emulator?: BrokerEmulator;
}

/** WebSocket frame data as MSW hands it over. */
type FrameData = string | ArrayBufferLike | ArrayBufferView | Blob;

async function toBytes(data: FrameData): Promise<Uint8Array> {
  if (typeof data === 'string') return new TextEncoder().encode(data);
  if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/** Matches the URL with or without the trailing slash mqtt.js adds (`ws://host:port/`). */
function linkPattern(url: string): RegExp {
  const base = url.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${base}/?$`);
}

/**
 * MSW handlers that answer the portal's MQTT-over-WebSocket connection in demo mode with the in-page broker
 * emulation, so that the real mqtt.js client and live controller run unchanged.
 *
 * @example
 * const emulator = createBrokerEmulator({ vehicleIds: () => db.vehicles.map((v) => v.uid) });
 * setupWorker(...restHandlers, ...liveHandlers({ url: config.mqttUrl, emulator }));
 */
export function liveHandlers(options: LiveHandlersOptions = {}) {
  const emulator = options.emulator ?? createBrokerEmulator(options);
  const link = ws.link(linkPattern(options.url ?? 'ws://127.0.0.1:9001'));
  const handler = link.addEventListener('connection', ({ client }) => {
    const session = emulator.attach({
      send: (bytes) => client.send(bytes),
      close: () => client.close(),
    });
    // Blob frames decode asynchronously: chain them so that packets keep their order.
    let queue: Promise<void> = Promise.resolve();
    client.addEventListener('message', (event) => {
      const data = event.data as FrameData;
      queue = queue.then(async () => session.receive(await toBytes(data))).catch(() => client.close());
    });
    client.addEventListener('close', () => session.closed());
  });
  return [handler];
}
