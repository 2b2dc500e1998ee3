import type { BrowserContext, Page, Route } from '@playwright/test';

/** The API host the host pages point the widget at (`Gleap.setApiUrl`); Playwright answers it. */
export const FAKE_API = 'https://api.voltline.test';
import { HOST_ORIGIN, MESSENGER_URL } from '../../../urls';

export { HOST_ORIGIN, MESSENGER_URL };
/** Same server, other host name: a different origin for the stand-in frame. */
export const OTHER_ORIGIN = HOST_ORIGIN.replace('127.0.0.1', 'localhost');

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** When the request reached the fake API (`Date.now()` of the test process). */
  at?: number;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, api-token, gleap-id, gleap-hash',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  // without it a page of another origin cannot read the header, and the widget would wait its own back-off instead
  'access-control-expose-headers': 'retry-after',
};

/** How the next `POST /bugs/v2` calls fail: `times` of them answer `status`, with `Retry-After: <retryAfter>` if given. */
export interface BugsFailure {
  times: number;
  status?: number;
  retryAfter?: number;
}

/**
 * Answer the Widget API calls on `FAKE_API` and record every request, so a test can read the `/bugs/v2` body. Given a
 * browser context, it answers for every page of it (windows a page opens too). Like `@voltline/widget/mock`, a report
 * whose `clientId` is already stored is answered as stored and not stored again (`storedReports`).
 */
export async function routeFakeApi(
  page: Page | BrowserContext,
  opts: { bugsStatus?: number; flowConfig?: Record<string, unknown> } = {},
) {
  const calls: RecordedRequest[] = [];
  const stored: Record<string, unknown>[] = [];
  let failure: BugsFailure = { times: 0 };
  await page.addInitScript((url) => {
    (window as unknown as { e2eMessengerUrl: string }).e2eMessengerUrl = url;
  }, MESSENGER_URL);
  await page.route(`${FAKE_API}/**`, async (route: Route) => {
    const req = route.request();
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(req.url());
    let body: unknown;
    try {
      body = req.postDataJSON();
    } catch {
      body = req.postData();
    }
    calls.push({ method: req.method(), path: url.pathname, headers: req.headers(), body, at: Date.now() });
    const json = (status: number, data: unknown) =>
      route.fulfill({ status, headers: { ...CORS, 'content-type': 'application/json' }, body: JSON.stringify(data) });
    if (url.pathname === '/sessions')
      return json(201, { gleapId: 'gid-e2e', gleapHash: 'hash-e2e', email: 'visitor@example.com' });
    if (url.pathname.endsWith('/tooltips')) return json(200, []);
    if (url.pathname.startsWith('/config/'))
      return json(200, { flowConfig: { color: '#0a7d5a', enableNetworkLogs: true, ...opts.flowConfig } });
    if (url.pathname === '/sessions/ping') return json(200, {});
    if (url.pathname === '/bugs/v2') {
      if (failure.times > 0) {
        failure.times -= 1;
        const retryAfter: Record<string, string> =
          failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
        return route.fulfill({
          status: failure.status ?? 503,
          headers: { ...CORS, ...retryAfter, 'content-type': 'application/json' },
          body: JSON.stringify({ error: 'unavailable' }),
        });
      }
      if (opts.bugsStatus !== undefined && (opts.bugsStatus < 200 || opts.bugsStatus > 299))
        return json(opts.bugsStatus, { id: 'bug-1' });
      const report = (body ?? {}) as Record<string, unknown>;
      const known = report.clientId ? stored.findIndex((r) => r.clientId === report.clientId) : -1;
      if (known < 0) stored.push(report);
      return json(opts.bugsStatus ?? 201, { id: `bug-${known < 0 ? stored.length : known + 1}` });
    }
    return json(404, { error: 'not mocked' });
  });
  return {
    calls,
    /** Every `POST /bugs/v2` body, retries and repeats included. */
    bugReports: () => calls.filter((c) => c.path === '/bugs/v2').map((c) => c.body as Record<string, unknown>),
    /** The reports the fake API stored: one per client id, whatever the number of calls. */
    storedReports: () => stored.slice(),
    /** Make the next `POST /bugs/v2` calls fail (`{ times: 0 }` ends it). */
    failBugs: (next: BugsFailure) => {
      failure = { ...next };
    },
  };
}
