import type { StateCreator } from 'zustand';
import type { AppState } from './app-store';

/**
 * The live connection objects. They are owned by the live controller; the store only points at them so that
 * pages can ask "is there a connection". They never reach storage (see `serializeSocket`).
 */
export interface SocketState {
  socket: unknown;
  mqttClient: unknown;
}

export interface SocketSlice {
  socket: SocketState;
  setSocket: (socket: unknown) => void;
  setMqttClient: (mqttClient: unknown) => void;
}

export const initialSocketState = (): SocketState => ({ socket: null, mqttClient: null });

/** What is stored for the socket group: never a live object, only whether one existed, so a reload reconnects. */
export interface SerializedSocketState {
  wasConnected: boolean;
}

export function serializeSocket(state: SocketState): SerializedSocketState {
  return { wasConnected: state.socket != null || state.mqttClient != null };
}

export function deserializeSocket(_stored: unknown): SocketState {
  // A connection cannot be revived from storage; the live controller reconnects and sets it again.
  return initialSocketState();
}

export const createSocketSlice: StateCreator<AppState, [], [], SocketSlice> = (set) => ({
  socket: initialSocketState(),
  setSocket: (socket) => set((s) => ({ socket: { ...s.socket, socket } })),
  setMqttClient: (mqttClient) => set((s) => ({ socket: { ...s.socket, mqttClient } })),
});
