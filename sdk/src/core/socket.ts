import { SDK_VERSION, WS_KEEPALIVE_MS, WS_RECONNECT_MS } from './constants';
import { settings } from './state';

export interface SocketUpdate {
  a?: unknown[];
  u?: number;
}

let ws: WebSocket | null = null;
let keepAlive: ReturnType<typeof setInterval> | undefined;
let reconnect: ReturnType<typeof setTimeout> | undefined;
let stopped = true;

/** The WebSocket URL with the query parameters of the wire. */
export function socketUrl(gleapId: string, gleapHash: string): string {
  const q = new URLSearchParams({ gleapId, gleapHash, apiKey: settings.sdkKey, sdkVersion: SDK_VERSION });
  return `${settings.wsUrl}?${q}`;
}

/** Connect, send `PING` every 10 s, reconnect 5 s after any close until `disconnectSocket`. */
export function connectSocket(gleapId: string, gleapHash: string, onUpdate: (u: SocketUpdate) => void): void {
  disconnectSocket();
  if (typeof WebSocket === 'undefined') return;
  stopped = false;
  const open = () => {
    if (stopped) return;
    try {
      ws = new WebSocket(socketUrl(gleapId, gleapHash));
    } catch {
      reconnect = setTimeout(open, WS_RECONNECT_MS);
      return;
    }
    ws.onopen = () => {
      clearInterval(keepAlive);
      keepAlive = setInterval(() => ws?.readyState === 1 && ws.send('PING'), WS_KEEPALIVE_MS);
    };
    ws.onmessage = (ev) => {
      try {
        const msg = JSON.parse(String(ev.data)) as { name?: string; data?: SocketUpdate };
        if (msg.name === 'update' && msg.data) onUpdate(msg.data);
      } catch {
        // not JSON (e.g. a PONG): nothing to do
      }
    };
    ws.onclose = () => {
      clearInterval(keepAlive);
      ws = null;
      if (!stopped) reconnect = setTimeout(open, WS_RECONNECT_MS);
    };
  };
  open();
}

export function disconnectSocket(): void {
  stopped = true;
  clearInterval(keepAlive);
  clearTimeout(reconnect);
  if (ws) {
    ws.onclose = null;
    ws.close();
    ws = null;
  }
}
