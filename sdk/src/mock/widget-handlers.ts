import {
  getResponse,
  http,
  HttpResponse,
  type RequestHandler,
  type WebSocketHandlerConnection,
  type WebSocketHandler,
  ws,
} from 'msw';
import { conversationFromReport, createMessengerHandlers, nextMessageId, unreadCountFor } from './messenger-handlers';
import {
  type MockAction,
  type MockSession,
  type WidgetMockStore,
  createWidgetMockStore,
  newSession,
  resetWidgetMockStore,
} from './widget-store';

export interface WidgetMockOptions {
  /** Base URL the widget calls (`Gleap.setApiUrl`); default gleap's. */
  apiUrl?: string;
  /** WebSocket URL (`Gleap.setWSApiUrl`); default gleap's. */
  wsUrl?: string;
  store?: WidgetMockStore;
}

export interface WidgetMock {
  store: WidgetMockStore;
  handlers: (RequestHandler | WebSocketHandler)[];
  /** Push a socket `update` (actions `a`, unread count `u`) to every connected widget. */
  pushUpdate(update: { a?: unknown[]; u?: number }): void;
  /**
   * Push one outbound action to every connected widget now: a notification (`{actionType: 'notification', outbound,
   * data: {text, sender, news, checklist, ...}, sound}`), a banner (`{actionType: 'banner', format}`) or a survey.
   */
  pushAction(action: MockAction): void;
  /**
   * Support staff (or the bot) writes in a conversation: the message is stored unread and the socket pushes the
   * new unread count of the conversation's session.
   */
  reply(shareToken: string, text: string, author?: { type: 'agent' | 'bot'; name: string }): void;
  /** Back to the seeded store (same object). */
  reset(): void;
  /**
   * The mock's answer to one request, without MSW intercepting anything: for hosts that route requests themselves
   * (a Playwright `page.route`, a service of your own). Undefined when no handler matches.
   * @example
   * await page.route('https://api.test/**', async (route) => {
   *   const res = await mock.respond(new Request(route.request().url(), { method: route.request().method() }));
   *   await route.fulfill(res ? { status: res.status, body: await res.text() } : { status: 404 });
   * });
   */
  respond(request: Request): Promise<Response | undefined>;
}

/** FormData from any realm (jsdom's global differs from the one undici's Request.formData() returns). */
function isFormData(value: unknown): value is FormData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FormData).get === 'function' &&
    typeof (value as FormData).append === 'function'
  );
}

/** Errors carry `message` (the Widget API document's Error) and `error` (what earlier callers read). */
function failure(message: string, status: number, retryAfter?: number): Response {
  // On another origin, a browser lets the widget read Retry-After only when the answer exposes it.
  const headers =
    retryAfter === undefined
      ? undefined
      : { 'Retry-After': String(retryAfter), 'Access-Control-Expose-Headers': 'Retry-After' };
  return HttpResponse.json({ message, error: message }, { status, headers });
}

function headersOf(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  req.headers.forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

/**
 * Stateful MSW handlers for every call of the widget spec and its WebSocket, for `msw/node` and `msw/browser`.
 * @example
 * const mock = createWidgetMock({ apiUrl: 'https://api.test' });
 * const server = setupServer(...mock.handlers);
 */
export function createWidgetMock(options: WidgetMockOptions = {}): WidgetMock {
  const api = (options.apiUrl ?? 'https://api.gleap.io').replace(/\/+$/, '');
  const store = options.store ?? createWidgetMockStore();

  async function record(req: Request, path: string): Promise<{ body: unknown; fail?: Response }> {
    let body: unknown;
    const type = req.headers.get('content-type') ?? '';
    if (req.method !== 'GET') {
      if (type.includes('multipart/form-data')) body = await req.formData();
      else {
        const text = await req.text();
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
      }
    }
    store.calls.push({
      method: req.method,
      path,
      url: req.url,
      headers: headersOf(req),
      body: isFormData(body) ? '[multipart]' : body,
    });
    const key = `${req.method} ${path}`;
    const queue = store.failures.get(key);
    const next = queue?.shift();
    if (next !== undefined) {
      const { status, retryAfter } = typeof next === 'number' ? { status: next, retryAfter: undefined } : next;
      return { body, fail: failure('mock failure', status, retryAfter) };
    }
    return { body };
  }

  function sessionOf(req: Request): MockSession | undefined {
    const id = req.headers.get('gleap-id');
    const hash = req.headers.get('gleap-hash');
    const s = id ? store.sessions.get(id) : undefined;
    return s && s.gleapHash === hash ? s : undefined;
  }

  function unauthorized(req: Request): Response | undefined {
    return req.headers.get('api-token') ? undefined : failure('missing Api-Token', 401);
  }

  const handlers: (RequestHandler | WebSocketHandler)[] = [
    http.post(`${api}/sessions`, async ({ request }) => {
      const { body, fail } = await record(request, '/sessions');
      if (fail) return fail;
      const denied = unauthorized(request);
      if (denied) return denied;
      const existing = sessionOf(request);
      const lang = (body as { lang?: string } | undefined)?.lang;
      const s = existing ?? newSession(store);
      if (lang) s.lang = lang;
      return HttpResponse.json(s, { status: existing ? 200 : 201 });
    }),
    http.post(`${api}/sessions/identify`, async ({ request }) => {
      const { body, fail } = await record(request, '/sessions/identify');
      if (fail) return fail;
      const s = sessionOf(request);
      if (!s) return failure('unknown session', 401);
      const { userHash: _h, ...fields } = (body ?? {}) as Record<string, unknown>;
      const known = [
        'userId',
        'name',
        'email',
        'phone',
        'value',
        'lang',
        'companyId',
        'companyName',
        'plan',
        'sla',
        'avatar',
        'createdAt',
      ];
      const customData = { ...(s.customData ?? {}) };
      for (const [k, v] of Object.entries(fields)) {
        if (known.includes(k)) s[k] = v;
        else customData[k] = v;
      }
      s.customData = customData;
      return HttpResponse.json(s);
    }),
    http.post(`${api}/sessions/partialupdate`, async ({ request }) => {
      const { body, fail } = await record(request, '/sessions/partialupdate');
      if (fail) return fail;
      const s = sessionOf(request);
      if (!s) return failure('unknown session', 401);
      Object.assign(s, (body as { data?: Record<string, unknown> } | undefined)?.data ?? {});
      return HttpResponse.json(s);
    }),
    http.post(`${api}/sessions/ping`, async ({ request }) => {
      const { body, fail } = await record(request, '/sessions/ping');
      if (fail) return fail;
      store.pings.push(body as Record<string, unknown>);
      return HttpResponse.json({});
    }),
    http.get(`${api}/config/:key/tooltips`, async ({ request, params }) => {
      const { fail } = await record(request, `/config/${params.key}/tooltips`);
      if (fail) return fail;
      return HttpResponse.json(store.tooltips);
    }),
    http.get(`${api}/config/:key`, async ({ request, params }) => {
      const { fail } = await record(request, `/config/${params.key}`);
      if (fail) return fail;
      const cfg = store.configs.get(String(params.key)) ?? store.configs.get('*') ?? {};
      return HttpResponse.json(cfg);
    }),
    http.post(`${api}/outbound/producttours`, async ({ request }) => {
      const { body, fail } = await record(request, '/outbound/producttours');
      if (fail) return fail;
      const tour = store.tours.get(String((body as { outboundId?: string })?.outboundId));
      return tour ? HttpResponse.json({ config: tour.config }) : failure('not found', 404);
    }),
    http.post(`${api}/outbound/producttourvalidation`, async ({ request }) => {
      const { body, fail } = await record(request, '/outbound/producttourvalidation');
      if (fail) return fail;
      const tour = store.tours.get(String((body as { outboundId?: string })?.outboundId));
      return HttpResponse.json(tour ? { status: tour.status, config: tour.config } : { status: 'draft' });
    }),
    http.post(`${api}/bugs/v2`, async ({ request }) => {
      const { body, fail } = await record(request, '/bugs/v2');
      if (fail) return fail;
      // A retried report (same client id: another tab, a reload, a lost answer) is stored once.
      const clientId = (body as { clientId?: unknown } | undefined)?.clientId;
      const known = clientId ? store.reports.find((r) => r.clientId === clientId) : undefined;
      if (known) return HttpResponse.json({ id: known.id, status: 'OPEN' }, { status: 201 });
      const report: Record<string, unknown> & { id: string } = {
        id: `report-${store.reports.length + 1}`,
        ...(body as Record<string, unknown>),
      };
      store.reports.push(report);
      // A silent report (crash, console error) or a survey answer is no conversation the visitor started.
      if (report.isSilent === true || report.outbound)
        return HttpResponse.json({ id: report.id, status: 'OPEN' }, { status: 201 });
      const conversation = conversationFromReport(report, request.headers.get('gleap-id'));
      store.conversations.push(conversation);
      return HttpResponse.json({ id: report.id, status: 'OPEN', shareToken: conversation.shareToken }, { status: 201 });
    }),
    http.post(`${api}/uploads/sdk`, async ({ request }) => {
      const { body, fail } = await record(request, '/uploads/sdk');
      if (fail) return fail;
      const file = isFormData(body) ? body.get('file') : null;
      // duck-typed: the file may come from another realm (jsdom, undici)
      if (!file || typeof file !== 'object' || typeof (file as Blob).arrayBuffer !== 'function') {
        return failure('file missing', 400);
      }
      const name = (file as File).name || 'file';
      const fileUrl = `${api}/uploads/files/${store.uploads.length + 1}-${encodeURIComponent(name)}`;
      store.uploads.push({ name, size: file.size, type: file.type, fileUrl });
      return HttpResponse.json({ fileUrl });
    }),
  ];

  handlers.push(...createMessengerHandlers(api, store, record));

  const socket = ws.link(`${options.wsUrl ?? 'wss://ws.gleap.io'}*`);
  // The open connections, known from the moment each connects. MSW's own `broadcast` reaches a client only once its
  // client list has recorded it (asynchronously): a push right after the connection was lost on a busy machine.
  const open = new Set<WebSocketHandlerConnection['client']>();
  const broadcast = (data: string) => {
    for (const client of open) client.send(data);
  };
  handlers.push(
    socket.addEventListener('connection', ({ client }) => {
      open.add(client);
      client.addEventListener('close', () => open.delete(client));
      client.addEventListener('message', (ev) => {
        store.socketMessages.push(String(ev.data));
      });
      // the outbound actions this session has not had yet, as the server sends them when the widget connects
      const gleapId = client.url.searchParams.get('gleapId') ?? '';
      const due = store.actions.filter((a) => !store.deliveredActions.has(`${gleapId}:${a.outbound ?? ''}`));
      if (!due.length) return;
      for (const a of due) store.deliveredActions.add(`${gleapId}:${a.outbound ?? ''}`);
      const a = due.map((action) => ({ createdAt: new Date().toISOString(), ...action }));
      // after the widget's own open handler has run
      setTimeout(() => client.send(JSON.stringify({ name: 'update', data: { a } })), 0);
    }),
  );

  return {
    store,
    handlers,
    pushUpdate(update) {
      broadcast(JSON.stringify({ name: 'update', data: update }));
    },
    pushAction(action) {
      broadcast(JSON.stringify({ name: 'update', data: { a: [{ createdAt: new Date().toISOString(), ...action }] } }));
    },
    reply(shareToken, text, author = { type: 'agent', name: 'Maya' }) {
      const conversation = store.conversations.find((c) => c.shareToken === shareToken);
      if (!conversation) throw new Error(`No conversation ${shareToken} in the mock store.`);
      conversation.messages.push({ id: nextMessageId(), author, text, createdAt: new Date().toISOString() });
      conversation.unreadCount += 1;
      broadcast(JSON.stringify({ name: 'update', data: { u: unreadCountFor(store, conversation.owner ?? null) } }));
    },
    reset() {
      resetWidgetMockStore(store);
    },
    respond(request) {
      return getResponse(
        handlers.filter((h): h is RequestHandler => h.kind === 'request'),
        request,
      );
    },
  };
}
