import { vi } from 'vitest';
import { setupServer } from 'msw/node';
import { resetConfigState } from '../core/config';
import { destroy, extraBlacklist, extraPropsToIgnore, runtime } from '../core/lifecycle';
import { resetSessionState } from '../core/session';
import { settings } from '../core/state';
import { clearConsoleLogs } from '../logs/console-recorder';
import { clearCustomEvents } from '../logs/custom-events';
import { clearNetworkLogs, resetNetworkOptions } from '../logs/network-logger';
import { createWidgetMock } from '../mock/widget-handlers';
import { clearListeners } from '../core/emitter';

export const API = 'https://api.test';
export const WS = 'wss://ws.test';
export const FRAME = 'https://frame.test/app/';
export const FRAME_ORIGIN = 'https://frame.test';
export const KEY = 'key-123';

/** One MSW server per test file, answering from the same handlers integrators get from `/mock`. */
export function createTestServer() {
  const mock = createWidgetMock({ apiUrl: API, wsUrl: WS });
  const server = setupServer(...mock.handlers);
  return { mock, server };
}

/** Reset every module-level state between tests. */
export function resetWidget(mock?: ReturnType<typeof createWidgetMock>): void {
  if (runtime.initialized) destroy();
  resetSessionState();
  resetConfigState();
  resetNetworkOptions();
  clearNetworkLogs();
  clearConsoleLogs();
  clearCustomEvents();
  clearListeners();
  extraBlacklist.length = 0;
  extraPropsToIgnore.length = 0;
  runtime.consoleOverwrite = true;
  Object.assign(settings, {
    sdkKey: '',
    apiUrl: API,
    wsUrl: WS,
    frameUrl: FRAME,
    language: '',
    offline: false,
    liveSite: undefined,
    useCookies: false,
    environment: 'prod',
    tags: [],
    customData: {},
    ticketAttributes: {},
    shortcuts: undefined,
    urlHandler: undefined,
    customActions: [],
    preFill: {},
  });
  localStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup of plain cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.innerHTML = '';
  if (mock) {
    mock.store.calls.length = 0;
    mock.store.reports.length = 0;
    mock.store.pings.length = 0;
    mock.store.sessions.clear();
    mock.store.failures.clear();
  }
}

/** Let pending promises and MSW answers settle (real or fake timers). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((r) => queueMicrotask(r));
}

/**
 * jsdom's FormData and Blob do not cross into Node's fetch (MSW): stub Node's FormData and return Node's Blob for the
 * test's files (the browser tests use the real ones). Undo with `vi.unstubAllGlobals()`.
 */
export async function useNodeMultipart(): Promise<typeof Blob> {
  const { Blob: NodeBlob } = await import('node:buffer');
  const probe = await new Request('http://x.test', {
    method: 'POST',
    body: 'a=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  vi.stubGlobal('FormData', probe.constructor);
  return NodeBlob as unknown as typeof Blob;
}
