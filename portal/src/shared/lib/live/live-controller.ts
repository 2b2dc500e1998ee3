import type { IClientOptions, MqttClient } from 'mqtt';

type MqttLib = typeof import('mqtt')['default'];
let mqttLib: MqttLib | null = null;

/**
 * mqtt.js is loaded on the first connection, not with the app's entry chunk (it is a large part of it).
 * Default export: the browser build of mqtt (dist/mqtt.esm.js) has no named exports.
 */
function loadMqtt(): Promise<MqttLib> {
  return import('mqtt').then((m) => {
    mqttLib = m.default;
    return mqttLib;
  });
}
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF } from './backoff';
import { createInterestRegistry } from './interest-registry';
import { createLiveBatcher, type FrameScheduler, type LiveSink } from './live-batcher';
import { type ParseFailure, parseLiveMessage } from './topics';

/** Where the live connection stands, for the header badge. */
export type LiveConnectionState = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline';

export interface LiveConnection {
  state: LiveConnectionState;
  /** Reconnect attempts since the last time the connection was online. */
  attempt: number;
  /** `Date.now()` of the next attempt while reconnecting. */
  nextRetryAt: number | null;
  /** Last problem, in words a support person can search for; null once online. */
  lastError: string | null;
}

/** Credentials from the session. The token travels as the MQTT password. */
export interface LiveCredentials {
  /** `ws://` or `wss://` URL of the broker's WebSocket listener (`VITE_MQTT_URL`, config key `mqttUrl`). */
  url: string;
  username?: string;
  token?: string;
  /** Defaults to `voltline-portal-<random>`. */
  clientId?: string;
}

export interface LiveStats {
  /** Messages delivered by the broker. */
  received: number;
  /** Messages that passed validation. */
  accepted: number;
  /** Messages dropped because they did not match the contract (sum of `dropped`). */
  malformed: number;
  dropped: Record<ParseFailure, number>;
  /** Topics the broker refused to subscribe. */
  denied: number;
  /** Batches handed to the sink. */
  flushes: number;
  sinkErrors: number;
  /** Successful connections after the first one. */
  reconnects: number;
}

export interface LiveControllerOptions {
  /** Receives at most one batch per animation frame. */
  sink: LiveSink;
  scheduleFrame?: FrameScheduler;
  /** Flush without a frame after this long (background tabs). */
  maxFlushDelayMs?: number;
  backoff?: BackoffOptions;
  /** Give up on one connection attempt after this long. */
  connectTimeoutMs?: number;
  /** MQTT keep-alive, seconds. */
  keepaliveS?: number;
  /**
   * mqtt.js timers: `'auto'` uses worker timers in browsers (not throttled in background tabs); environments
   * without `Worker` (jsdom) need `'native'`, which is also the default there.
   */
  timerVariant?: 'auto' | 'native';
  /** Reported problems that are not thrown (sink errors, refused subscriptions). */
  onError?: (error: unknown) => void;
  random?: () => number;
}

/** The one owner of the MQTT client: see {@link createLiveController}. */
export interface LiveController {
  /** Opens the connection (closing any previous one) and keeps it open with back-off until `disconnect`. */
  connect(credentials: LiveCredentials): void;
  /** Closes the connection and stops retrying; interest is kept for the next `connect`. */
  disconnect(): void;
  /** Declares every topic this owner shows now, replacing its previous set. */
  setInterest(owner: string, topics: readonly string[]): void;
  clearInterest(owner: string): void;
  getConnection(): LiveConnection;
  /** Calls `listener` after every connection change; returns the unsubscribe function. */
  subscribeConnection(listener: () => void): () => void;
  getStats(): LiveStats;
  /** Topics currently subscribed on the broker connection. */
  getSubscribedTopics(): string[];
  /** Every topic some owner wants, online or not. */
  getInterest(): string[];
  /**
   * Calls `listener` with every batch after the sink has had it, for views that show events as they come (a live
   * geofence event list); returns the unsubscribe function. A throwing listener is reported, never fatal.
   */
  subscribeBatches(listener: LiveSink): () => void;
  /** Hands over pending messages now, without waiting for a frame. */
  flush(): void;
  dispose(): void;
}

/** MQTT 3.1.1 CONNACK codes that no retry will fix: bad credentials, not authorised. */
const AUTH_REFUSED = new Set([4, 5]);
const SUBSCRIBE_CHUNK = 500;

function emptyDropped(): Record<ParseFailure, number> {
  return { 'unknown-topic': 0, 'invalid-json': 0, 'invalid-payload': 0, 'topic-mismatch': 0 };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Creates the headless live controller: one mqtt.js client, subscriptions that follow what is on screen,
 * validation of every message, reconnects with back-off, and batched writes into `sink`.
 *
 * @example
 * const live = createLiveController({ sink: (batch) => applyLiveBatch(store, batch) }); // app/live-wiring.tsx
 * live.connect({ url: env.mqttUrl, username: user.email, token: session.token });
 * live.setInterest('vehicle-list', rows.map((r) => topics.vehicleTelemetryFilter(r.uid)));
 */
export function createLiveController(options: LiveControllerOptions): LiveController {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const report = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // A broken error reporter must not take the live connection down with it.
    }
  };
  const registry = createInterestRegistry();
  const stats: LiveStats = {
    received: 0,
    accepted: 0,
    malformed: 0,
    dropped: emptyDropped(),
    denied: 0,
    flushes: 0,
    sinkErrors: 0,
    reconnects: 0,
  };
  const batchListeners = new Set<LiveSink>();
  const batcher = createLiveBatcher({
    sink: (batch) => {
      try {
        options.sink(batch);
      } finally {
        for (const listener of batchListeners) {
          try {
            listener(batch);
          } catch (error) {
            stats.sinkErrors++;
            report(error);
          }
        }
      }
    },
    scheduleFrame: options.scheduleFrame,
    maxDelayMs: options.maxFlushDelayMs,
    onSinkError: (error) => {
      stats.sinkErrors++;
      report(error);
    },
  });

  let connection: LiveConnection = { state: 'idle', attempt: 0, nextRetryAt: null, lastError: null };
  const listeners = new Set<() => void>();
  let credentials: LiveCredentials | null = null;
  let client: MqttClient | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let everOnline = false;
  /** Topics sent to the broker on the current connection (clean session: empty after each connect). */
  let subscribed = new Set<string>();
  /** Topics the broker refused on this connection; not retried until the next connection. */
  let denied = new Set<string>();
  let syncQueued = false;
  let disposed = false;

  function setConnection(patch: Partial<LiveConnection>) {
    connection = { ...connection, ...patch };
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        report(error);
      }
    }
  }

  function handleMessage(topic: string, payload: Uint8Array) {
    stats.received++;
    const result = parseLiveMessage(topic, payload);
    if (!result.ok) {
      stats.malformed++;
      stats.dropped[result.reason]++;
      return;
    }
    stats.accepted++;
    batcher.push(result.message);
  }

  function queueSync() {
    if (syncQueued) return;
    syncQueued = true;
    // Screens change interest several times per render (rows in, rows out): send one SUBSCRIBE for all of it.
    queueMicrotask(() => {
      syncQueued = false;
      syncSubscriptions();
    });
  }

  function syncSubscriptions() {
    const current = client;
    if (!current || connection.state !== 'online') return;
    const wanted = registry.union();
    const toAdd = [...wanted].filter((t) => !subscribed.has(t) && !denied.has(t));
    const toRemove = [...subscribed].filter((t) => !wanted.has(t));
    for (const t of toRemove) subscribed.delete(t);
    for (const t of toAdd) subscribed.add(t);
    if (toRemove.length > 0) {
      current.unsubscribe(toRemove, (error) => {
        if (error) report(error);
      });
    }
    for (let i = 0; i < toAdd.length; i += SUBSCRIBE_CHUNK) {
      const chunk = toAdd.slice(i, i + SUBSCRIBE_CHUNK);
      current.subscribe(chunk, { qos: 1 }, (error, granted) => {
        if (client !== current) return;
        if (error) {
          report(error);
          return;
        }
        for (const grant of granted ?? []) {
          if (grant.qos === 128) {
            subscribed.delete(grant.topic);
            denied.add(grant.topic);
            stats.denied++;
            report(new Error(`The broker refused the subscription to ${grant.topic}`));
          }
        }
      });
    }
  }

  function closeClient() {
    const old = client;
    client = null;
    if (old) {
      old.removeAllListeners();
      // A late 'error' from the closing socket must still have a listener, or the emitter throws.
      old.on('error', () => {});
      old.end(true);
    }
  }

  function scheduleRetry(reason: string) {
    closeClient();
    if (!credentials || disposed) return;
    const attempt = connection.attempt + 1;
    const delay = backoffDelay(attempt, backoff, random);
    setConnection({ state: 'reconnecting', attempt, nextRetryAt: Date.now() + delay, lastError: reason });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  }

  let openSeq = 0;

  function open() {
    const creds = credentials;
    if (!creds || disposed) return;
    closeClient();
    const seq = ++openSeq;
    try {
      const { protocol } = new URL(creds.url);
      if (protocol !== 'ws:' && protocol !== 'wss:') {
        throw new Error(`The live broker URL must start with ws:// or wss:// (got ${protocol}//)`);
      }
    } catch (error) {
      // An unusable URL is a configuration error: retrying will not fix it.
      setConnection({ state: 'offline', nextRetryAt: null, lastError: describe(error) });
      report(error);
      return;
    }
    if (!mqttLib) {
      loadMqtt().then(
        () => {
          if (seq === openSeq && credentials === creds && !disposed) open();
        },
        (error: unknown) => {
          if (seq !== openSeq) return;
          setConnection({ state: 'offline', nextRetryAt: null, lastError: describe(error) });
          report(error);
        },
      );
      return;
    }
    const mqtt = mqttLib;
    const clientOptions: IClientOptions = {
      clientId: creds.clientId ?? `voltline-portal-${Math.floor(random() * 0xffffffff).toString(16)}`,
      username: creds.username,
      password: creds.token,
      protocolVersion: 4,
      clean: true,
      // The controller owns reconnects (back-off) and resubscribes from interest, so mqtt.js must do neither.
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: options.connectTimeoutMs ?? 10_000,
      keepalive: options.keepaliveS ?? 30,
      timerVariant: options.timerVariant ?? (typeof Worker === 'undefined' ? 'native' : 'auto'),
      // mqtt.js would otherwise keep a 2-byte buffer for every number 0-65535 it might write (65,536 small objects,
      // ~8 MB of the page's heap for as long as the page lives); the few numbers a portal writes are made as needed.
      writeCache: false,
    };
    let next: MqttClient;
    try {
      next = mqtt.connect(creds.url, clientOptions);
    } catch (error) {
      // mqtt.js refused the URL or options: a configuration error that retrying will not fix.
      setConnection({ state: 'offline', nextRetryAt: null, lastError: describe(error) });
      report(error);
      return;
    }
    client = next;
    let failure: string | null = null;
    next.on('connect', () => {
      if (client !== next) return;
      if (everOnline) stats.reconnects++;
      everOnline = true;
      subscribed = new Set();
      denied = new Set();
      setConnection({ state: 'online', attempt: 0, nextRetryAt: null, lastError: null });
      syncSubscriptions();
    });
    next.on('message', (topic, payload) => {
      if (client !== next) return;
      try {
        handleMessage(topic, payload);
      } catch (error) {
        // parseLiveMessage never throws; this guards mqtt.js's parser loop against anything unexpected.
        stats.malformed++;
        report(error);
      }
    });
    next.on('error', (error: Error & { code?: number | string }) => {
      if (client !== next) return;
      failure = describe(error);
      if (typeof error.code === 'number' && AUTH_REFUSED.has(error.code)) {
        closeClient();
        setConnection({ state: 'offline', nextRetryAt: null, lastError: failure });
      }
    });
    next.on('close', () => {
      if (client !== next) return;
      scheduleRetry(failure ?? 'Connection closed');
    });
  }

  function handleOnline() {
    // The browser regained its network: try now instead of waiting out the back-off.
    if (connection.state !== 'reconnecting' || retryTimer === null) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    open();
  }

  function disconnect() {
    credentials = null;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    closeClient();
    batcher.flush();
    if (connection.state !== 'idle') setConnection({ state: 'offline', attempt: 0, nextRetryAt: null });
  }

  if (typeof window !== 'undefined') window.addEventListener('online', handleOnline);

  return {
    connect(next) {
      if (disposed) return;
      credentials = next;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      setConnection({ state: 'connecting', attempt: 0, nextRetryAt: null, lastError: null });
      open();
    },
    disconnect,
    setInterest(owner, topics) {
      if (registry.set(owner, topics)) queueSync();
    },
    clearInterest(owner) {
      if (registry.clear(owner)) queueSync();
    },
    getConnection: () => connection,
    subscribeConnection(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeBatches(listener) {
      batchListeners.add(listener);
      return () => batchListeners.delete(listener);
    },
    getStats: () => ({ ...stats, dropped: { ...stats.dropped }, flushes: batcher.flushes() }),
    getSubscribedTopics: () => [...subscribed],
    getInterest: () => [...registry.union()],
    flush: () => batcher.flush(),
    dispose() {
      if (disposed) return;
      disconnect();
      disposed = true;
      batcher.dispose();
      listeners.clear();
      batchListeners.clear();
      if (typeof window !== 'undefined') window.removeEventListener('online', handleOnline);
    },
  };
}
