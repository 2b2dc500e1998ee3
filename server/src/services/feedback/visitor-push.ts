import type { VisitorPush } from './conversation-store';

/** One open socket of a visitor: what the hub sends it. */
export interface VisitorSocket {
  send(text: string): void;
}

/**
 * The open `/widget-ws` sockets of this process by widget session, and the push the services call (decision 0128).
 * Each replica knows its own sockets only; a push for a session connected elsewhere reaches it on its next reconnect
 * or `GET /conversations` (see the decision).
 */
export interface VisitorPushHub extends VisitorPush {
  /** Adds a socket of the session; answers the function that removes it. */
  add(sessionId: string, socket: VisitorSocket): () => void;
  /** How many sockets the session has open here. */
  count(sessionId: string): number;
}

export function createVisitorPushHub(): VisitorPushHub {
  const sockets = new Map<string, Set<VisitorSocket>>();
  return {
    add(sessionId, socket) {
      let set = sockets.get(sessionId);
      if (!set) {
        set = new Set();
        sockets.set(sessionId, set);
      }
      set.add(socket);
      return () => {
        const open = sockets.get(sessionId);
        open?.delete(socket);
        if (open?.size === 0) sockets.delete(sessionId);
      };
    },
    count(sessionId) {
      return sockets.get(sessionId)?.size ?? 0;
    },
    has(sessionId) {
      return sockets.has(sessionId);
    },
    send(sessionId, update) {
      const open = sockets.get(sessionId);
      if (!open) return;
      const text = JSON.stringify({ name: 'update', data: update });
      for (const socket of open) {
        try {
          socket.send(text);
        } catch {
          // a socket closing as we write: its close removes it
        }
      }
    },
  };
}
