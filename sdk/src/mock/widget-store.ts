import { type MessengerContent, seedMessengerContent } from './messenger-content';

/**
 * The state behind the Widget API mock: sessions, config, tooltips, reports, uploads, pings and tours. Plain data, so
 * tests can read what the widget sent and shape what it receives.
 */
export interface MockSession {
  gleapId: string;
  gleapHash: string;
  userId?: string;
  name?: string;
  email?: string;
  lang?: string;
  customData?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The full URL, query included. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface WidgetMockStore extends MessengerContent {
  sessions: Map<string, MockSession>;
  /** `flowConfig` and the rest of the config answer, per SDK key (the `*` key is the fallback). */
  configs: Map<string, Record<string, unknown>>;
  tooltips: unknown[];
  reports: Record<string, unknown>[];
  uploads: { name: string; size: number; type: string; fileUrl: string }[];
  pings: Record<string, unknown>[];
  tours: Map<string, MockTour>;
  /** Every call in order (method, path, headers, body). */
  calls: RecordedCall[];
  /** Statuses to answer with instead of the normal answer, per `METHOD /path`, consumed one by one. */
  failures: Map<string, (number | MockFailure)[]>;
  /** Unread count and actions the socket pushes on `pushUpdate`. */
  socketMessages: string[];
  /**
   * Outbound actions (notifications, banners, surveys: `{actionType, outbound, data, format}`) the socket delivers to
   * each session when it connects, once per session and outbound, as the server's outbound rules would.
   */
  actions: MockAction[];
  /** `gleapId:outbound` pairs already delivered. */
  deliveredActions: Set<string>;
}

/** A server action as the socket's `update` carries it (`a`). */
export interface MockAction {
  actionType: 'notification' | 'banner' | 'tour' | (string & {});
  outbound?: string;
  format?: string;
  data?: Record<string, unknown>;
  createdAt?: string;
  sound?: boolean;
}

/** A failure answer with a `Retry-After` header (seconds). */
export interface MockFailure {
  status: number;
  retryAfter?: number;
}

let counter = 0;

/** A product tour the mock serves on `POST /outbound/producttours` and `/outbound/producttourvalidation`. */
export interface MockTour {
  status: 'live' | 'draft';
  config: Record<string, unknown>;
}

export function createWidgetMockStore(
  seed: Partial<Pick<WidgetMockStore, 'tooltips' | 'actions'>> & {
    flowConfig?: Record<string, unknown>;
    /** Product tours by tour (outbound) id. */
    tours?: Record<string, MockTour>;
  } = {},
): WidgetMockStore {
  return {
    sessions: new Map(),
    configs: new Map([
      [
        '*',
        {
          flowConfig: {
            color: '#485BFF',
            feedbackButtonPosition: 'BOTTOM_RIGHT',
            enableNetworkLogs: true,
            ...(seed.flowConfig ?? {}),
          },
        },
      ],
    ]),
    tooltips: seed.tooltips ?? [],
    reports: [],
    uploads: [],
    pings: [],
    tours: new Map(Object.entries(seed.tours ?? {})),
    calls: [],
    failures: new Map(),
    socketMessages: [],
    actions: seed.actions ?? [],
    deliveredActions: new Set(),
    ...seedMessengerContent(),
  };
}

/** Put the store back to its seeded state (same object, so handlers built on it keep working). */
export function resetWidgetMockStore(
  store: WidgetMockStore,
  seed: Parameters<typeof createWidgetMockStore>[0] = {},
): void {
  Object.assign(store, createWidgetMockStore(seed));
}

/** Make the next `times` calls of `METHOD /path` answer `status` (with `Retry-After: <retryAfter>` when given). */
export function failNext(
  store: WidgetMockStore,
  route: string,
  status: number,
  times = 1,
  options: { retryAfter?: number } = {},
): void {
  const answer = options.retryAfter === undefined ? status : { status, retryAfter: options.retryAfter };
  store.failures.set(route, [...(store.failures.get(route) ?? []), ...Array(times).fill(answer)]);
}

export function newSession(store: WidgetMockStore, fields: Partial<MockSession> = {}): MockSession {
  counter += 1;
  const s: MockSession = {
    gleapId: `gid-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    gleapHash: `hash-${counter}`,
    ...fields,
  };
  store.sessions.set(s.gleapId, s);
  return s;
}
