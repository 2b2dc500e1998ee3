import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { connectSocket, disconnectSocket, socketUrl } from './socket';
import { settings } from './state';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
  settings.sdkKey = 'k1';
  settings.wsUrl = 'wss://ws.test';
});
afterEach(() => {
  disconnectSocket();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('the socket URL carries gleapId, gleapHash, apiKey and sdkVersion', () => {
  const url = new URL(socketUrl('g1', 'h1'));
  expect(Object.fromEntries(url.searchParams)).toEqual({
    gleapId: 'g1',
    gleapHash: 'h1',
    apiKey: 'k1',
    sdkVersion: '14.2.11',
  });
});

test('the client sends PING every 10 s once open', () => {
  connectSocket('g', 'h', () => {});
  const s = FakeSocket.all[0]!;
  s.open();
  vi.advanceTimersByTime(9_999);
  expect(s.sent).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(s.sent).toEqual(['PING']);
});

test('it reconnects 5 s after a close', () => {
  connectSocket('g', 'h', () => {});
  FakeSocket.all[0]!.onclose?.();
  vi.advanceTimersByTime(4_999);
  expect(FakeSocket.all).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeSocket.all).toHaveLength(2);
});

test('update messages reach the handler with actions and unread count', () => {
  const onUpdate = vi.fn();
  connectSocket('g', 'h', onUpdate);
  FakeSocket.all[0]!.onmessage?.({
    data: JSON.stringify({ name: 'update', data: { a: [{ actionType: 's1' }], u: 3 } }),
  });
  expect(onUpdate).toHaveBeenCalledWith({ a: [{ actionType: 's1' }], u: 3 });
});

test('disconnect stops reconnecting', () => {
  connectSocket('g', 'h', () => {});
  disconnectSocket();
  vi.advanceTimersByTime(60_000);
  expect(FakeSocket.all).toHaveLength(1);
});
