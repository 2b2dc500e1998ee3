import { RequestHandler } from 'msw';

/** What a handler can match, told cheaply: its method and the literal start of its path (null: cannot tell). */
interface Route {
  method: string | null;
  prefix: string | null;
  handler: RequestHandler;
}

/** Characters that a URL's path keeps as they are (a literal part with others could be written differently). */
const PLAIN_PATH = /^[a-z0-9/_.~-]*$/;

/**
 * The lower-cased literal start of a handler's path, without its origin: `http://x/api/vehicles/:id` ->
 * `/api/vehicles/`. Null when it cannot be told (a RegExp, a predicate, a relative path, encoded characters).
 */
function literalPrefix(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const withoutOrigin = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  if (!withoutOrigin.startsWith('/')) return null;
  const end = withoutOrigin.search(/[:*(?{+\\]/);
  const prefix = (end === -1 ? withoutOrigin : withoutOrigin.slice(0, end)).toLowerCase();
  return PLAIN_PATH.test(prefix) ? prefix : null;
}

function routeOf(handler: RequestHandler): Route {
  const { method, path } = handler.info as { method?: unknown; path?: unknown };
  return { method: typeof method === 'string' ? method.toUpperCase() : null, prefix: literalPrefix(path), handler };
}

/** The protected reset/restore MSW calls on each handler of a list, forwarded to the handlers routed here. */
interface Resettable {
  reset?: () => void;
  restore?: () => void;
}

/**
 * Many request handlers as one, which tries only those whose method and literal path start fit the request. MSW tries
 * every handler in order, and each one parses the URL, the cookies (`document.cookie`) and compiles its path pattern
 * before it can say no: ~1 ms per handler in the browser, so a request that matches the 60th handler, or none (the
 * page's own assets, the favicon), cost tens of milliseconds of the page's main thread. Here a request is matched
 * with one `URL` and a few string comparisons, then the fitting handlers run as MSW would run them, in their order.
 */
class RoutedRequests extends RequestHandler {
  private readonly routes: Route[];

  constructor(handlers: RequestHandler[]) {
    super({
      info: { header: `${handlers.length} handlers, routed by method and path` },
      resolver: () => undefined,
    });
    this.routes = handlers.map(routeOf);
  }

  override async run(args: Parameters<RequestHandler['run']>[0]): ReturnType<RequestHandler['run']> {
    const method = args.request.method.toUpperCase();
    const path = new URL(args.request.url).pathname.toLowerCase();
    let last: Awaited<ReturnType<RequestHandler['run']>> = null;
    for (const { method: routeMethod, prefix, handler } of this.routes) {
      if (routeMethod !== null && routeMethod !== method) continue;
      if (prefix !== null && !path.startsWith(prefix)) continue;
      // As MSW's own loop: a handler that matched but gave no response lets the next ones try.
      const result = await handler.run(args);
      if (result !== null) last = result;
      if (result?.response) return result;
    }
    return last;
  }

  override predicate(): boolean {
    return false;
  }

  override log(): void {}

  protected override reset(): void {
    super.reset();
    for (const { handler } of this.routes) (handler as unknown as Resettable).reset?.();
  }

  protected override restore(): void {
    super.restore();
    for (const { handler } of this.routes) (handler as unknown as Resettable).restore?.();
  }
}

/**
 * The same handlers for `setupWorker`, the request handlers among them routed as one (`RoutedRequests`), in their
 * order and in place of the first of them; other handlers (WebSocket links) as they were.
 */
export function routeRequests<H extends { kind?: unknown }>(handlers: H[]): (H | RequestHandler)[] {
  const isRequestHandler = (h: H): h is H & RequestHandler => h instanceof RequestHandler && h.kind === 'request';
  const requests = handlers.filter(isRequestHandler);
  if (requests.length === 0) return handlers;
  const first = handlers.findIndex(isRequestHandler);
  const others = handlers.filter((h) => !isRequestHandler(h));
  return [...others.slice(0, first), new RoutedRequests(requests), ...others.slice(first)];
}
