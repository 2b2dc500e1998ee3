import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ServiceDeps } from '../deps';
import { openVisitorSocket } from '../services/feedback/conversations';

/** Where the widget's WebSocket is (`Gleap.setWSApiUrl('wss://<host>/widget-ws')`). */
export const WIDGET_WS_PATH = '/widget-ws';

/** The client only sends `PING`; anything larger is no message of the wire. */
const MAX_MESSAGE_BYTES = 1024;
/** Open sockets per session (one per tab of the visitor): more is a page opening sockets in a loop. */
export const MAX_SOCKETS_PER_SESSION = 20;

export interface WidgetSocketServer {
  /** Takes a WebSocket upgrade of WIDGET_WS_PATH: a live key and the key's session, else 401 and nothing kept. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every visitor's socket (the server is stopping; the widget reconnects to another replica in 5 s). */
  close(): void;
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The widget's realtime channel (gleap@14.2.11's wire, decision 0128): `?gleapId&gleapHash&apiKey&sdkVersion`; the
 * client sends `PING` every 10 s; the server sends `{"name":"update","data":{"a":[actions],"u":unreadCount}}`: the
 * session's unread count when it connects, and whenever a conversation of the session changes (an operator's reply
 * comes with an in-app notification action).
 */
export function createWidgetSocketServer(deps: ServiceDeps): WidgetSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  return {
    handleUpgrade(request, socket, head) {
      socket.on('error', () => socket.destroy());
      const query = new URL(request.url ?? '/', 'http://widget').searchParams;
      openVisitorSocket(deps.feedback, {
        apiKey: query.get('apiKey'),
        gleapId: query.get('gleapId'),
        gleapHash: query.get('gleapHash'),
      }).then(
        (opened) => {
          if (!opened) return refuse(socket, '401 Unauthorized');
          if (deps.visitorSockets.count(opened.sessionId) >= MAX_SOCKETS_PER_SESSION) {
            return refuse(socket, '429 Too Many Requests');
          }
          wss.handleUpgrade(request, socket, head, (ws) => {
            const remove = deps.visitorSockets.add(opened.sessionId, { send: (text) => ws.send(text) });
            ws.on('close', remove);
            ws.on('error', () => ws.terminate());
            // `PING` keeps the connection alive through proxies; it needs no answer (the client reads only JSON).
            ws.on('message', () => undefined);
            ws.send(JSON.stringify({ name: 'update', data: { u: opened.unread } }));
          });
        },
        () => refuse(socket, '503 Service Unavailable'),
      );
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
