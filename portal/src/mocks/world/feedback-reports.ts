import type { SdkKeyRecord } from './types';

/**
 * The reports the demo world's inbox starts with (issue 38, decision 0116): what the portal's own widget (key
 * `demo-widget-key`, organisation `platform`) might have sent, with the bodies in the widget's wire shape
 * (`POST /bugs/v2`). The server's seed stores the same reports (`seedDemoFeedbackReports`), the demo's in-memory store
 * keeps them, so both inboxes list the same rows.
 */

/** The demo world's SDK key: row id, value (the portal's own widget sends it) and name. */
export const DEMO_SDK_KEY_ID = 'sdk-demo';
export const DEMO_SDK_KEY = 'demo-widget-key';
export const DEMO_SDK_KEY_NAME = 'Voltline portal';

/** The world's SDK keys (table `sdkKeys`; the server's seed stores the same rows): the platform's demo key. */
export function seedSdkKeys(now: number): SdkKeyRecord[] {
  return [
    {
      id: DEMO_SDK_KEY_ID,
      tenantId: 'platform',
      key: DEMO_SDK_KEY,
      name: DEMO_SDK_KEY_NAME,
      config: null,
      createdAt: now,
      revokedAt: null,
    },
  ];
}

export interface SeedReport {
  id: string;
  type: string;
  priority: 'LOW' | 'MEDIUM' | 'HIGH';
  description: string | null;
  reportedBy: string | null;
  pageUrl: string;
  isSilent: boolean;
  createdAt: number;
  /** The body as the widget sends it; stored as its JSON text. */
  body: Record<string, unknown>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ORIGIN = 'https://portal.voltline.demo';

const iso = (ms: number) => new Date(ms).toISOString();

function snapshot(title: string, text: string) {
  return {
    html: `<html><head><style>body{font-family:sans-serif;margin:0}header{background:#1c7ed6;color:#fff;padding:12px 16px}main{padding:16px}table{border-collapse:collapse}td{border:1px solid #ccc;padding:4px 8px}</style></head><body><header>Voltline · ${title}</header><main><p>${text}</p><table><tr><td>KA01VL0001</td><td>Online</td></tr><tr><td>KA01VL0002</td><td>Charging</td></tr></table></main></body></html>`,
    baseUrl: ORIGIN,
    width: 1280,
    height: 800,
    isMobile: false,
    x: 0,
    y: 0,
  };
}

/**
 * A short rrweb recording (`webReplay`) of the page: a meta event, a full snapshot of a small page (rrweb-snapshot's
 * serialised nodes), the mouse moving across it, and at the end the status line changing to `lastStatus`: what the
 * report page's player plays back. `count` events in all, one every 400 ms.
 */
function replay(start: number, count: number, title: string, lastStatus: string) {
  const text = (id: number, textContent: string) => ({ type: 3, textContent, id });
  const element = (id: number, tagName: string, attributes: Record<string, string>, childNodes: unknown[]) => ({
    type: 2,
    tagName,
    attributes,
    childNodes,
    id,
  });
  const page = {
    type: 0,
    id: 1,
    childNodes: [
      { type: 1, name: 'html', publicId: '', systemId: '', id: 2 },
      element(3, 'html', {}, [
        element(4, 'head', {}, [
          element(5, 'style', {}, [
            text(
              6,
              'body{font-family:sans-serif;margin:0;background:#f8f9fa}header{background:#1c7ed6;color:#fff;padding:12px 16px;font-weight:600}main{padding:16px}.row{background:#fff;border:1px solid #dee2e6;margin:6px 0;padding:8px 12px}#status{color:#495057}',
            ),
          ]),
        ]),
        element(7, 'body', {}, [
          element(8, 'header', {}, [text(9, `Voltline · ${title}`)]),
          element(10, 'main', {}, [
            element(11, 'p', { id: 'status' }, [text(12, 'Showing 25 of 112 vehicles')]),
            element(13, 'div', { class: 'row' }, [text(14, 'KA01VL0001 · Online · 82 %')]),
            element(15, 'div', { class: 'row' }, [text(16, 'KA01VL0002 · Charging · 47 %')]),
            element(17, 'div', { class: 'row' }, [text(18, 'KA01VL0003 · Charging · 63 %')]),
          ]),
        ]),
      ]),
    ],
  };
  const events: Record<string, unknown>[] = [
    { type: 4, data: { href: `${ORIGIN}/`, width: 1280, height: 800 }, timestamp: start },
    { type: 2, data: { node: page, initialOffset: { top: 0, left: 0 } }, timestamp: start + 10 },
  ];
  for (let i = 2; i < count - 1; i += 1) {
    events.push({
      type: 3,
      data: { source: 1, positions: [{ x: 80 + ((i * 37) % 900), y: 60 + ((i * 23) % 300), id: 7, timeOffset: 0 }] },
      timestamp: start + i * 400,
    });
  }
  events.push({
    type: 3,
    data: { source: 0, texts: [{ id: 12, value: lastStatus }], attributes: [], removes: [], adds: [] },
    timestamp: start + (count - 1) * 400,
  });
  return { startDate: start, events, baseUrl: ORIGIN, width: 1280, height: 800, isMobile: false, type: 'rrweb' };
}

function metaData(path: string, at: number, browser = 'Chrome') {
  return {
    browserName: browser,
    userAgent:
      browser === 'Firefox'
        ? 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'
        : 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    browser: browser,
    mobile: false,
    screenWidth: 1920,
    screenHeight: 1080,
    devicePixelRatio: 1,
    language: 'en-IN',
    currentUrl: `${ORIGIN}${path}`,
    sessionDuration: 842,
    sdkVersion: '14.2.11',
    sdkType: 'javascript',
    environment: 'prod',
    reportedAt: iso(at),
  };
}

/** The inbox's seed reports, newest last, relative to the world's reference time. */
export function demoFeedbackReports(referenceTime: number): SeedReport[] {
  const at = (hoursAgo: number) => referenceTime - hoursAgo * HOUR;
  const rows: Omit<SeedReport, 'body'>[] = [];
  const bodies: Record<string, unknown>[] = [];
  const add = (row: Omit<SeedReport, 'body' | 'id'>, extra: Record<string, unknown>) => {
    const id = `rpt-demo-${String(rows.length + 1).padStart(3, '0')}`;
    rows.push({ id, ...row });
    bodies.push({
      type: row.type,
      priority: row.priority,
      formData: { ...(row.description ? { description: row.description } : {}), reportedBy: row.reportedBy },
      metaData: metaData(new URL(row.pageUrl).pathname, row.createdAt),
      isSilent: row.isSilent,
      clientId: `demo-client-${rows.length}`,
      ...extra,
    });
  };

  const t1 = at(70);
  add(
    {
      type: 'BUG',
      priority: 'HIGH',
      description: 'The vehicle list stays on "Loading…" after I filter by Charging and go to page 3.',
      reportedBy: 'fa@voltline.demo',
      pageUrl: `${ORIGIN}/fleet/vehicle-management?filter=charging&page=3`,
      isSilent: false,
      createdAt: t1,
    },
    {
      customData: { fleetId: 'flt-001', plan: 'Fleet Pro' },
      consoleLog: [
        { log: 'Vehicle list: page 3 requested', date: iso(t1 - 9000), priority: 'INFO' },
        { log: 'Slow response from /api/vehicles (4.2 s)', date: iso(t1 - 4000), priority: 'WARNING' },
        {
          log: 'TypeError: Cannot read properties of undefined (reading "items")',
          date: iso(t1 - 3800),
          priority: 'ERROR',
        },
      ],
      networkLogs: [
        {
          type: 'GET',
          url: `${ORIGIN}/api/vehicles?page=2&filter[state]=charging`,
          date: iso(t1 - 12000),
          success: true,
          duration: 310,
          response: { status: 200, statusText: 'OK', responseText: '' },
        },
        {
          type: 'GET',
          url: `${ORIGIN}/api/vehicles?page=3&filter[state]=charging`,
          date: iso(t1 - 8200),
          success: false,
          duration: 4210,
          response: { status: 504, statusText: 'Gateway Timeout', responseText: '' },
        },
      ],
      customEventLog: [{ name: 'filterApplied', date: iso(t1 - 20000), data: { state: 'charging' } }],
      screenshotData: snapshot('Vehicle Management', 'Loading…'),
      webReplay: replay(t1 - 30_000, 42, 'Vehicle Management', 'Loading…'),
    },
  );

  const t2 = at(46);
  add(
    {
      type: 'FEATURE_REQUEST',
      priority: 'MEDIUM',
      description: 'Could the trip analysis export include the energy used per trip (kWh)? We bill drivers by it.',
      reportedBy: 'oema@voltline.demo',
      pageUrl: `${ORIGIN}/vehicle/veh-00012?tab=trips`,
      isSilent: false,
      createdAt: t2,
    },
    {
      customData: { oemId: 'oem-01' },
      consoleLog: [{ log: 'Trip export: 128 rows', date: iso(t2 - 60000), priority: 'INFO' }],
      networkLogs: [
        {
          type: 'GET',
          url: `${ORIGIN}/api/vehicles/veh-00012/trips?page=1`,
          date: iso(t2 - 70000),
          success: true,
          duration: 180,
          response: { status: 200, statusText: 'OK', responseText: '' },
        },
      ],
      screenshotData: snapshot('Trip Analysis', 'Trips of the last 30 days'),
    },
  );

  const t3 = at(20);
  add(
    {
      type: 'CRASH',
      priority: 'HIGH',
      description: null,
      reportedBy: 'de@voltline.demo',
      pageUrl: `${ORIGIN}/dealer/dashboard`,
      isSilent: true,
      createdAt: t3,
    },
    {
      consoleLog: [
        {
          log: 'Uncaught RangeError: Invalid time value at formatRange (dashboard-range.ts:41)',
          date: iso(t3 - 500),
          priority: 'ERROR',
        },
      ],
      networkLogs: [
        {
          type: 'GET',
          url: `${ORIGIN}/api/dashboard-data/recent-faults?from=2026-13-01`,
          date: iso(t3 - 900),
          success: false,
          duration: 42,
          response: { status: 400, statusText: 'Bad Request', responseText: '' },
        },
      ],
      webReplay: replay(t3 - 20_000, 18, 'Dashboard', 'Something went wrong'),
    },
  );

  const t4 = at(6);
  add(
    {
      type: 'BUG',
      priority: 'MEDIUM',
      description: 'The geofence editor map does not let me close the polygon on a touch screen.',
      reportedBy: 'sa@voltline.demo',
      pageUrl: `${ORIGIN}/geo-fencing/write`,
      isSilent: false,
      createdAt: t4,
    },
    {
      customData: { device: 'Surface Pro 9' },
      consoleLog: [{ log: 'pointerdown ignored: no active draw tool', date: iso(t4 - 3000), priority: 'WARNING' }],
      networkLogs: [],
      screenshotData: snapshot('Geofence', 'Draw the zone on the map'),
      webReplay: replay(t4 - 45_000, 64, 'Geofence', 'Tap to close the zone'),
    },
  );

  const t5 = at(1.5);
  add(
    {
      type: 'RATING',
      priority: 'LOW',
      description: 'Rated 4 of 5: the new notification history is much faster.',
      reportedBy: 'fe@voltline.demo',
      pageUrl: `${ORIGIN}/notification-history`,
      isSilent: false,
      createdAt: t5,
    },
    { customData: { rating: 4 } },
  );

  return rows.map((row, i) => ({ ...row, body: bodies[i] as Record<string, unknown> }));
}
