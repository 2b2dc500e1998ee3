// A Fleet API stub for the vehicle list bench: the production build of the portal, served next to an `/api` that
// answers every request after a fixed latency from answers computed before the measurement. The list answers are
// the demo world's vehicles, filtered, sorted and serialised in Node by the demo server's own code (loaded through
// Vite), so the page renders the same rows as in demo mode; the browser spends no time on the server's work.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serveDistFile } from './serve-dist.mjs';

/** Page sizes whose first page is serialised ahead for every list state (the bench uses 25, then 1,000). */
const PAGE_SIZES = [25, 1000];

/** The key of a list state: sort and filters, as the stub reads them from a request (page and size apart). */
export function listStateKey(params) {
  const filters = [...params.entries()]
    .filter(([k]) => /^filter\[.+\]$/.test(k))
    .map(([k, v]) => `${k}=${v}`)
    .sort();
  const other = ['q', 'from', 'to'].filter((k) => params.get(k)).map((k) => `${k}=${params.get(k)}`);
  return [`sort=${params.get('sort') ?? ''}`, ...filters, ...other].join('&');
}

/**
 * Computes the answers of the stub: sign-in and current user of the demo's Super Admin, the lookups of the list's
 * filters, and for each list state (a query string such as `sort=vin:asc&filter[connectivity]=5G`) the order of its
 * matches and its first pages as JSON.
 */
export async function prepareVehicleListAnswers({ root, size, states }) {
  const require = createRequire(join(root, 'portal/package.json'));
  const { createServer: createVite } = await import(require.resolve('vite'));
  const vite = await createVite({
    root: join(root, 'portal'),
    mode: 'demo',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const load = (path) => vite.ssrLoadModule(path);
    const { createWorld } = await load('/src/mocks/world/create-world.ts');
    const { WorldDb } = await load('/src/mocks/world/db.ts');
    // The demo adapter's in-memory store and the services' list parsing: the rules the demo and the server answer by.
    const { worldVehicleStore } = await load('/src/mocks/adapter/vehicle-store.ts');
    const { callerOf } = await load('/src/mocks/adapter/caller.ts');
    const { listParamsOf } = await load('/src/mocks/adapter/list-params.ts');
    const { parseListQuery } = await load('@services/lib/list-query.ts');
    const { VEHICLE_LIST } = await load('@services/vehicles/vehicle-list-spec.ts');
    const { getCurrentUser } = await load('@services/auth/get-current-user.ts');
    const { roleTypeOf } = await load('/src/domain/roles.ts');
    const { permissionsOf } = await load('/src/mocks/handlers/lib/auth-context.ts');
    const { toApi } = await load('/src/mocks/handlers/lib/serialize.ts');

    const db = new WorldDb(createWorld({ seed: 1, size }));
    const total = db.tables.vehicles.size;
    const admin = db.tables.users.all().find((u) => u.role === 'SA');
    const ctx = {
      token: 'stub-token',
      user: admin,
      roleType: roleTypeOf(admin.role),
      permissions: permissionsOf(admin),
    };
    const session = getCurrentUser(callerOf(ctx));
    const store = worldVehicleStore(db);

    const lists = new Map();
    for (const state of states) {
      const params = new URLSearchParams(state);
      params.set('pageSize', '1000');
      const query = parseListQuery(listParamsOf(new URL(`http://stub/?${params}`)), VEHICLE_LIST);
      // Every match in order (the Super Admin's scope is everything), as API vehicles with their display names.
      const ordered = (await store.list(null, { ...query, page: 1, pageSize: total })).items;
      const pageJson = (page, pageSize) => {
        const start = (page - 1) * pageSize;
        const items = ordered.slice(start, start + pageSize);
        return JSON.stringify({ items, total: ordered.length, page, pageSize });
      };
      const firstPages = new Map(PAGE_SIZES.map((n) => [n, pageJson(1, n)]));
      lists.set(listStateKey(params), { firstPages, pageJson });
    }
    const lookup = (rows) =>
      JSON.stringify({ items: rows.slice(0, 1000).map(toApi), total: rows.length, page: 1, pageSize: 1000 });
    const lookups = {
      '/models': lookup(db.tables.models.all().filter((m) => m.kind === 'EV')),
      '/oems': lookup(db.tables.oems.all()),
      '/dealers': lookup(db.tables.dealers.all()),
      '/fleets': lookup(db.tables.fleets.all()),
      '/ev-owners': lookup(db.tables.evOwners.all()),
    };
    return { session, lists, lookups };
  } finally {
    await vite.close();
  }
}

/** The answer to the header bell's count of unacknowledged notifications. */
const NO_NOTIFICATIONS = JSON.stringify({ items: [], total: 0 });

/**
 * Serves `distDir` (a single-page app) and the stub `/api`: each answer leaves `latencyMs` after its request arrived.
 * A list state that was not prepared, or an API path the stub does not know, is answered as an error and recorded in
 * `misses`, so the bench can refuse figures that were not measured against prepared answers.
 */
export function startVehicleListStub({ port, distDir, answers, latencyMs }) {
  const misses = [];
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body);
  };
  const api = (req, path, url) => {
    if (req.method === 'POST' && path === '/auth/login')
      return [200, JSON.stringify({ token: 'stub-token', ...answers.session })];
    if (req.method === 'POST' && path === '/auth/logout') return [204, ''];
    if (req.method === 'GET' && path === '/auth/me') return [200, JSON.stringify(answers.session)];
    if (req.method === 'GET' && Object.hasOwn(answers.lookups, path)) return [200, answers.lookups[path]];
    // The header bell's unacknowledged count, on every signed-in page: nothing unread.
    if (req.method === 'GET' && path === '/notifications' && url.searchParams.get('filter[acknowledged]') === 'false')
      return [200, NO_NOTIFICATIONS];
    if (req.method === 'GET' && path === '/vehicles') {
      const list = answers.lists.get(listStateKey(url.searchParams));
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25);
      if (list)
        return [
          200,
          page === 1 ? (list.firstPages.get(pageSize) ?? list.pageJson(1, pageSize)) : list.pageJson(page, pageSize),
        ];
    }
    misses.push(`${req.method} ${path}${url.search}`);
    return [404, JSON.stringify({ code: 'not_found', message: 'The bench stub has no answer for this request.' })];
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (url.pathname.startsWith('/api/')) {
      const arrived = performance.now();
      const [status, body] = api(req, url.pathname.slice(4), url);
      // Drain the request body, then answer at the fixed latency whatever the lookup above cost.
      req.resume();
      setTimeout(() => json(res, status, body), Math.max(0, arrived + latencyMs - performance.now()));
      return;
    }
    serveDistFile(res, distDir, url.pathname);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, misses })));
}
