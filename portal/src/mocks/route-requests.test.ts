import { getResponse, HttpResponse, http, type RequestHandler } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { createHandlers } from './handlers';
import { routeRequests } from './route-requests';

const API = 'http://demo.test/api';

/** Handlers whose order matters: `/vehicles/export` before `/vehicles/:id`, a catch-all last. */
function sampleHandlers(): RequestHandler[] {
  return [
    http.get(`${API}/vehicles`, () => HttpResponse.text('list')),
    http.post(`${API}/vehicles`, () => HttpResponse.text('create')),
    http.get(`${API}/vehicles/export`, () => HttpResponse.text('export')),
    http.get(`${API}/vehicles/:id`, ({ params }) => HttpResponse.text(`vehicle ${params.id}`)),
    http.delete(`${API}/vehicles/:id`, ({ params }) => HttpResponse.text(`deleted ${params.id}`)),
    http.get(/\/healthz$/, () => HttpResponse.text('regexp')),
    http.all(`${API}/*`, () => HttpResponse.text('fallback', { status: 404 })),
  ];
}

async function answer(handlers: RequestHandler[], method: string, url: string) {
  const res = await getResponse(handlers, new Request(url, { method }));
  return res ? `${res.status} ${await res.text()}` : 'unhandled';
}

const routed = (handlers: RequestHandler[]) => routeRequests(handlers) as RequestHandler[];

describe('routeRequests', () => {
  test('answers every request as the handlers in their order do', async () => {
    const requests: [string, string][] = [
      ['GET', `${API}/vehicles?page=2&sort=vin:asc`],
      ['POST', `${API}/vehicles`],
      ['GET', `${API}/vehicles/export?filter[status]=1`],
      ['GET', `${API}/vehicles/veh-1`],
      ['GET', `${API}/Vehicles/veh-2`],
      ['DELETE', `${API}/vehicles/veh-3`],
      ['PATCH', `${API}/vehicles/veh-3`],
      ['GET', `${API}/unknown`],
      ['GET', 'http://demo.test/healthz'],
      ['GET', 'http://demo.test/favicon.svg'],
    ];
    for (const [method, url] of requests) {
      expect(await answer(routed(sampleHandlers()), method, url), `${method} ${url}`).toBe(
        await answer(sampleHandlers(), method, url),
      );
    }
  });

  test('tries only the handlers whose method and path start fit the request', async () => {
    const handlers = sampleHandlers();
    const runs = handlers.map((h) => vi.spyOn(h, 'run'));
    await answer(routed(handlers), 'GET', `${API}/vehicles/veh-1`);
    // GET /vehicles (its path is a start of this one) matched nothing; GET /vehicles/:id answered. POST, DELETE,
    // /vehicles/export and everything after the answer were not tried.
    expect(runs.map((run) => run.mock.calls.length)).toEqual([1, 0, 0, 1, 0, 0, 0]);
  });

  test('a request no handler fits runs none of them', async () => {
    const handlers = sampleHandlers().filter((h) => !String(h.info.header).includes('healthz'));
    const runs = handlers.map((h) => vi.spyOn(h, 'run'));
    expect(await answer(routed(handlers), 'GET', 'http://demo.test/favicon.svg')).toBe('unhandled');
    expect(runs.map((run) => run.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('a handler that matches without answering lets the next one answer', async () => {
    const seen: string[] = [];
    const handlers = [
      http.get(`${API}/vehicles`, ({ request }) => {
        seen.push(request.url);
      }),
      http.get(`${API}/vehicles`, () => HttpResponse.text('second')),
    ];
    expect(await answer(routed(handlers), 'GET', `${API}/vehicles`)).toBe('200 second');
    expect(seen).toEqual([`${API}/vehicles`]);
  });

  test('a handler used once answers once', async () => {
    const handlers = [
      http.get(`${API}/vehicles`, () => HttpResponse.text('once'), { once: true }),
      http.get(`${API}/vehicles`, () => HttpResponse.text('always')),
    ];
    const router = routed(handlers);
    expect(await answer(router, 'GET', `${API}/vehicles`)).toBe('200 once');
    expect(await answer(router, 'GET', `${API}/vehicles`)).toBe('200 always');
  });

  test("answers the demo's API requests as the plain handler list does", async () => {
    const login = { email: 'nobody@example.com', password: 'wrong' };
    for (const [method, path, body] of [
      ['GET', '/vehicles', undefined],
      ['GET', '/vehicles/veh-000001', undefined],
      ['GET', '/bms-devices', undefined],
      ['POST', '/auth/login', login],
      ['GET', '/no-such-route', undefined],
    ] as const) {
      const request = () => new Request(`${API}${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
      const plain = await getResponse(createHandlers(API), request());
      const viaRouter = await getResponse(routed(createHandlers(API)), request());
      expect(viaRouter?.status, `${method} ${path}`).toBe(plain?.status);
      expect(await viaRouter?.text()).toBe(await plain?.text());
    }
  });

  test('keeps other handlers (WebSocket links) as they are, the request handlers as one in their place', async () => {
    const socket = { kind: 'websocket' };
    const handlers = routeRequests<{ kind?: unknown }>([socket, ...sampleHandlers(), socket]);
    expect(handlers).toHaveLength(3);
    expect(handlers[0]).toBe(socket);
    expect(handlers[2]).toBe(socket);
    expect(await answer([handlers[1] as RequestHandler], 'GET', `${API}/vehicles/export`)).toBe('200 export');
  });
});
