import { redactUrl } from '../core/redaction';
import {
  PAGE_VIEW_INTERVAL_MS,
  PING_ERROR_RESET_MS,
  PING_INTERVAL_MS,
  PING_MAX_ERRORS,
  SDK_VERSION,
} from '../core/constants';
import { api } from '../core/http';
import { sessionDurationSeconds } from '../core/state';
import { hasPendingEvents, restorePendingEvents, takePendingEvents, trackEvent } from './custom-events';

let timers: ReturnType<typeof setInterval>[] = [];
let errors = 0;
let lastPage = '';
let sending = false;
let isOpen: () => boolean = () => false;
let pageTracking = true;

/** Ping errors so far; sending stops once there are more than 2 (reset on success and every 60 s). */
export function getPingErrors(): number {
  return errors;
}

/** Track a pageView when the URL changed since the last check. */
export function checkPageView(): void {
  if (!pageTracking) return;
  const page = location.href;
  if (page === lastPage) return;
  lastPage = page;
  trackEvent('pageView', { page: redactUrl(page) });
}

/** `POST /sessions/ping` when events are waiting and fewer than 3 errors happened. */
export async function sendPing(): Promise<void> {
  if (sending || errors > PING_MAX_ERRORS || !hasPendingEvents()) return;
  sending = true;
  const events = takePendingEvents();
  try {
    await api('POST', '/sessions/ping', {
      time: sessionDurationSeconds(),
      events,
      opened: isOpen(),
      type: 'js',
      sdkVersion: SDK_VERSION,
      ws: true,
    });
    errors = 0;
  } catch {
    errors += 1;
    restorePendingEvents(events);
  } finally {
    sending = false;
  }
}

/** Start the page-view check (1 s), the ping loop (2.5 s) and the error-count reset (60 s). */
export function startPingStream(opts: { isOpen: () => boolean; pageTracking: boolean }): void {
  stopPingStream();
  isOpen = opts.isOpen;
  pageTracking = opts.pageTracking;
  trackEvent('sessionStarted');
  checkPageView();
  timers = [
    setInterval(checkPageView, PAGE_VIEW_INTERVAL_MS),
    setInterval(() => void sendPing(), PING_INTERVAL_MS),
    setInterval(() => {
      errors = 0;
    }, PING_ERROR_RESET_MS),
  ];
}

export function setPageTracking(enabled: boolean): void {
  pageTracking = enabled;
}

export function stopPingStream(): void {
  for (const t of timers) clearInterval(t);
  timers = [];
  errors = 0;
  lastPage = '';
  sending = false;
}
