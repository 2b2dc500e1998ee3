import { NETWORK_BODY_LIMIT, NETWORK_DEFAULT_MAX, NETWORK_HARD_CAP } from '../core/constants';
import { nativeFetch } from '../core/http';
import { redactBody, redactHeaders, redactUrl } from '../core/redaction';
import type { NetworkLogEntry } from '../core/report-types';
import { settings, trimUrl } from '../core/state';
import { pushBounded } from './ring-buffer';

export const TOO_LARGE = '<content_too_large>';
export const UNSUPPORTED = '<content_type_not_supported>';
export const STREAMED = '<streamed_content_not_recorded>';

const options = {
  max: NETWORK_DEFAULT_MAX,
  blacklist: [] as string[],
  propsToIgnore: [] as string[],
};
let entries: NetworkLogEntry[] = [];
let restore: (() => void) | null = null;

/** Keep at most `n` requests; never more than the hard cap of 70. */
export function setMaxNetworkRequests(n: number): void {
  options.max = Math.max(0, Math.min(Math.floor(n) || 0, NETWORK_HARD_CAP));
}

export function getMaxNetworkRequests(): number {
  return options.max;
}

export function setNetworkBlacklist(list: string[]): void {
  options.blacklist = list.filter(Boolean);
}

export function setNetworkPropsToIgnore(list: string[]): void {
  options.propsToIgnore = list.filter(Boolean);
}

/** Bodies are kept only for text, xml and json content, or when no type is given. */
export function isTextualType(contentType: string | null | undefined): boolean {
  if (!contentType) return true;
  const t = contentType.toLowerCase();
  return t.includes('text') || t.includes('xml') || t.includes('json');
}

function isBlacklisted(url: string): boolean {
  return options.blacklist.some((b) => url.includes(b));
}

function stripProps(text: string): string {
  if (!options.propsToIgnore.length) return text;
  try {
    const strip = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(strip);
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) if (!options.propsToIgnore.includes(k)) out[k] = strip(x);
        return out;
      }
      return v;
    };
    return JSON.stringify(strip(JSON.parse(text)));
  } catch {
    return text;
  }
}

/** Apply size, ignore-list and redaction rules to a body that is already text. */
export function cleanBody(text: string): string {
  if (text.length > NETWORK_BODY_LIMIT) return TOO_LARGE;
  return redactBody(stripProps(text));
}

function cleanHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(redactHeaders(headers))) if (!options.propsToIgnore.includes(k)) out[k] = v;
  return out;
}

function requestPayload(body: unknown): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return cleanBody(body);
  if (body instanceof URLSearchParams) return cleanBody(body.toString());
  return UNSUPPORTED;
}

function record(entry: NetworkLogEntry): void {
  if (options.max === 0) return;
  pushBounded(entries, entry, options.max);
}

function headersToObject(h: HeadersInit | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  new Headers(h).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

/**
 * Read a response clone only when small, textual and complete: event streams are never read, a declared length over
 * the limit is never read, and an undeclared length is read up to the limit and then cancelled (the host's own body
 * stream is a separate branch and keeps streaming).
 */
export async function readResponseBody(res: Response): Promise<string> {
  const type = res.headers.get('content-type');
  if (!isTextualType(type)) return UNSUPPORTED;
  if (type?.includes('event-stream')) return STREAMED;
  const length = Number(res.headers.get('content-length'));
  if (length > NETWORK_BODY_LIMIT) return TOO_LARGE;
  const clone = res.clone();
  if (!clone.body) return '';
  const reader = clone.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length > NETWORK_BODY_LIMIT) {
      void reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
  }
  return cleanBody(text + decoder.decode());
}

function wrapFetch(): () => void {
  const original = window.fetch;
  if (typeof original !== 'function') return () => {};
  nativeFetch.fn = original.bind(window);
  const wrapped = function fetch(this: unknown, input: RequestInfo | URL, init?: RequestInit) {
    const started = Date.now();
    const promise = original.call(window, input, init);
    try {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!isBlacklisted(url)) {
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        const headers = headersToObject(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        const base: NetworkLogEntry = {
          url: redactUrl(url),
          date: new Date(started).toISOString(),
          type: method,
          request: { payload: requestPayload(init?.body), headers: cleanHeaders(headers) },
          initiatorType: 'fetch',
        };
        promise.then(
          async (res) => {
            const responseText = await readResponseBody(res).catch(() => UNSUPPORTED);
            record({
              ...base,
              response: { status: res.status, statusText: res.statusText, responseText },
              success: res.ok,
              duration: Date.now() - started,
            });
          },
          () => record({ ...base, success: false, duration: Date.now() - started }),
        );
      }
    } catch {
      // never let logging disturb the host's request
    }
    return promise;
  };
  window.fetch = wrapped as typeof fetch;
  return () => {
    if (window.fetch === wrapped) window.fetch = original;
    nativeFetch.fn = undefined;
  };
}

interface XhrMeta {
  method: string;
  url: string;
  headers: Record<string, string>;
  started: number;
}

function wrapXhr(): () => void {
  if (typeof XMLHttpRequest === 'undefined') return () => {};
  const proto = XMLHttpRequest.prototype;
  const { open, send, setRequestHeader } = proto;
  const meta = new WeakMap<XMLHttpRequest, XhrMeta>();
  proto.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    meta.set(this, { method: method.toUpperCase(), url: String(url), headers: {}, started: 0 });
    return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof proto.open;
  proto.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
    const m = meta.get(this);
    if (m) m.headers[name] = value;
    return setRequestHeader.call(this, name, value);
  };
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const m = meta.get(this);
    if (m && !isBlacklisted(m.url)) {
      m.started = Date.now();
      const payload = requestPayload(body);
      this.addEventListener('loadend', () => {
        let responseText = '';
        try {
          const rt = this.responseType;
          if (rt === '' || rt === 'text') {
            responseText = isTextualType(this.getResponseHeader('content-type'))
              ? cleanBody(this.responseText)
              : UNSUPPORTED;
          } else if (rt === 'json') responseText = cleanBody(JSON.stringify(this.response));
          else responseText = UNSUPPORTED;
        } catch {
          responseText = UNSUPPORTED;
        }
        record({
          url: redactUrl(m.url),
          date: new Date(m.started).toISOString(),
          type: m.method,
          request: { payload, headers: cleanHeaders(m.headers) },
          response: { status: this.status, statusText: this.statusText, responseText },
          success: this.status >= 200 && this.status < 400,
          duration: Date.now() - m.started,
          initiatorType: 'xmlhttprequest',
        });
      });
    }
    return send.call(this, body);
  };
  return () => {
    proto.open = open;
    proto.send = send;
    proto.setRequestHeader = setRequestHeader;
  };
}

/** Start logging fetch and XHR once; returns the function that stops it. */
export function startNetworkLogger(): () => void {
  if (restore) return restore;
  const undoFetch = wrapFetch();
  const undoXhr = wrapXhr();
  restore = () => {
    undoFetch();
    undoXhr();
    restore = null;
  };
  return restore;
}

export function stopNetworkLogger(): void {
  restore?.();
}

/**
 * Resource timing entries (type RESOURCE): fetch and XHR requests only, or every resource (`sendNetworkResources`).
 * The widget's own API calls are left out.
 */
export function getResourceEntries(allResources = false): NetworkLogEntry[] {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return [];
  const own = trimUrl(settings.apiUrl);
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter(
      (e) =>
        e.name &&
        (allResources || e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest') &&
        !(own && e.name.startsWith(own)) &&
        !isBlacklisted(e.name),
    )
    .map((e) => ({
      url: redactUrl(e.name),
      date: new Date(performance.timeOrigin + e.startTime).toISOString(),
      type: 'RESOURCE',
      initiatorType: e.initiatorType,
      duration: Math.round(e.duration),
    }));
}

export function getNetworkLogs(): NetworkLogEntry[] {
  return entries.slice();
}

/** Logs the integrator attaches themselves (`attachNetworkLogs`), kept after ours. */
export function addNetworkLogs(list: NetworkLogEntry[]): void {
  for (const e of list) record(e);
}

export function clearNetworkLogs(): void {
  entries = [];
}

export function resetNetworkOptions(): void {
  options.max = NETWORK_DEFAULT_MAX;
  options.blacklist = [];
  options.propsToIgnore = [];
}
