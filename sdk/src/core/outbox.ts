import { core } from './pipeline-core';
import { type QueuedReport, enqueueReport, listQueuedReports, removeQueuedReport } from './report-queue';
import type { BugReport } from './report-types';

/**
 * The report outbox: every report is written to IndexedDB before `POST /bugs/v2` starts and removed only on a 2xx,
 * so a reload, a navigation or a hanging call never loses it. Each report carries a `clientId`, so that a retry
 * (from this tab, another tab or the next page view) is stored once by the server. A screen recording rides in the
 * same entry and is uploaded first: the report is sent with its URL, and an upload that succeeded is not made again.
 */

/** First retry of a kept report; each further failure doubles the wait, up to 10 minutes. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 600_000;
/** The Web Lock that lets one tab at a time drain the outbox. */
export const OUTBOX_LOCK = 'voltline-widget-outbox';

/** Sent with the server's answer, or kept in the outbox to be sent later, with the failure that kept it. */
export type SendOutcome = { status: 'sent'; result: unknown } | { status: 'queued'; error: unknown };

/** Worth retrying later: offline, network error, time-out, 408, 429 and 5xx. Other 4xx are final. */
export function isRetryable(err: unknown): boolean {
  return (
    err instanceof core.HttpError && (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500)
  );
}

/** A random UUID; outside secure contexts (no `crypto.randomUUID`) 128 random bits in hex. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16).padStart(8, '0')).join('');
}

/** Reports of this tab whose request is under way: a drain leaves them to their own request. */
const inFlight = new Set<string>();

/**
 * Upload the report's recording if it has one (the editor chunk does it), then `POST /bugs/v2` with the headers the
 * report was made with; resolves with the answer on a 2xx.
 */
async function post(item: QueuedReport): Promise<unknown> {
  if (item.report.screenRecording) {
    const editor = await core.capturePort.editor();
    if (!editor) throw new core.HttpError(0, 'recording upload unavailable');
    await editor.uploadRecording(item, { request: core.request, HttpError: core.HttpError, save: enqueueReport });
  }
  const res = await core.request(`${core.trimUrl(item.apiUrl)}/bugs/v2`, {
    method: 'POST',
    headers: item.headers,
    body: JSON.stringify(item.report),
  });
  if (res.status < 200 || res.status > 299) throw new core.HttpError(res.status, undefined, res.retryAfterMs);
  try {
    return res.text ? JSON.parse(res.text) : {};
  } catch {
    // the report is stored; an unreadable answer is no reason to send it again
    return {};
  }
}

async function forget(id: number | undefined): Promise<void> {
  if (id === undefined) return;
  try {
    await removeQueuedReport(id);
  } catch {
    // IndexedDB gone meanwhile: the server stores a second copy once at most (clientId)
  }
}

/**
 * Save the report to the outbox, then send it. Sent: removed and resolved with the answer. Offline, time-out, 408,
 * 429 or 5xx: kept, retried later, resolved as queued. Any other failure: removed and rejected.
 */
export async function submitReport(report: BugReport): Promise<SendOutcome> {
  const item: QueuedReport = {
    apiUrl: core.settings.apiUrl,
    sdkKey: core.settings.sdkKey,
    headers: core.apiHeaders(),
    report: { ...report, clientId: report.clientId ?? newClientId() },
    queuedAt: Date.now(),
  };
  const clientId = item.report.clientId as string;
  let id: number | undefined;
  try {
    id = item.id = (await enqueueReport(item)) as number;
  } catch {
    // no IndexedDB (blocked, private mode): send without a safety net
  }
  inFlight.add(clientId);
  try {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new core.HttpError(0, 'offline');
    const result = await post(item);
    await forget(id);
    return { status: 'sent', result };
  } catch (err) {
    if (!isRetryable(err) || id === undefined) {
      await forget(id);
      throw err;
    }
    core.emit('report-queued', item.report);
    scheduleRetry(retryDelay(err));
    return { status: 'queued', error: err };
  } finally {
    inFlight.delete(clientId);
  }
}

let flushing = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = 0;

/** The server's `Retry-After` when it sent one, else the back-off: 30 s, then doubled after each failure. */
function retryDelay(err: unknown): number {
  backoff = backoff ? Math.min(backoff * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
  const asked = err instanceof core.HttpError ? err.retryAfterMs : undefined;
  return asked === undefined ? backoff : Math.min(asked, RETRY_MAX_MS);
}

function scheduleRetry(delay: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flushReportQueue(), delay);
}

export function cancelReportRetry(): void {
  clearTimeout(retryTimer);
  backoff = 0;
}

/** Send every kept report in order; stop at the first retryable failure and try again later. */
async function drain(): Promise<number> {
  let sent = 0;
  let failure: unknown;
  try {
    for (const item of await listQueuedReports()) {
      if (item.report.clientId && inFlight.has(item.report.clientId)) continue;
      // kept before reports carried a client id: give it one now (the server may store it twice at most once)
      item.report.clientId ??= newClientId();
      try {
        await post(item);
        sent += 1;
        await forget(item.id);
      } catch (err) {
        if (isRetryable(err)) {
          failure = err;
          break;
        }
        // a final answer (4xx) will never change: drop it rather than retry forever
        await forget(item.id);
      }
    }
  } catch {
    // IndexedDB unavailable: nothing was kept either
  }
  if (failure) scheduleRetry(retryDelay(failure));
  else cancelReportRetry();
  return sent;
}

/**
 * Retry the kept reports. Only one tab drains at a time (Web Locks); a tab that finds the lock taken looks again
 * after the first retry delay, in case the other tab goes away.
 */
export async function flushReportQueue(): Promise<number> {
  if (flushing || typeof indexedDB === 'undefined') return 0;
  flushing = true;
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return await drain();
    return await locks.request(OUTBOX_LOCK, { ifAvailable: true }, (lock) => {
      if (lock) return drain();
      scheduleRetry(RETRY_FIRST_MS);
      return 0;
    });
  } catch {
    return 0;
  } finally {
    flushing = false;
  }
}
