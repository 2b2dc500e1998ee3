import { NETWORK_BODY_LIMIT, NETWORK_DEFAULT_MAX, NETWORK_HARD_CAP } from '../core/constants';
import { nativeFetch } from '../core/http';
import type { NetworkLogEntry } from '../core/report-types';
import { pushBounded } from './ring-buffer';

/**
 * The network recorder of the core: it wraps fetch and XHR from the start and keeps each request as it went (URL,
 * headers and bodies as text, bodies over the limit or of other types already replaced by their marker). Nothing of it
 * leaves the page as recorded: the report reads the log through `network-log.ts` (loaded with the report pipeline),
 * which applies the ignore list and the redaction policy then.
 */

export const TOO_LARGE = '<content_too_large>';
export const UNSUPPORTED = '<content_type_not_supported>';
export const STREAMED = '<streamed_content_not_recorded>';

export const options = {
  max: NETWORK_DEFAULT_MAX,
  blacklist: [] as string[],
  propsToIgnore: [] as string[],
};
let entries: NetworkLogEntry[] = [];
/** The entries this recorder made, still to be cleaned (those attached by the integrator are sent as given). */
export const recorded = new WeakSet<NetworkLogEntry>();
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

export function isBlacklisted(url: string): boolean {
  return options.blacklist.some((b) => url.includes(b));
}

/** A body that is already text, or the too-large marker. */
const limited = (text: string): string => (text.length > NETWORK_BODY_LIMIT ? TOO_LARGE : text);

function requestPayload(body: unknown): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return limited(String(body));
  return UNSUPPORTED;
}

function record(entry: NetworkLogEntry, own = true): void {
  if (options.max === 0) return;
  if (own) recorded.add(entry);
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
  return limited(text + decoder.decode());
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
          url,
          date: new Date(started).toISOString(),
          type: method,
          request: { payload: requestPayload(init?.body), headers },
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
              ? limited(this.responseText)
              : UNSUPPORTED;
          } else if (rt === 'json') responseText = limited(JSON.stringify(this.response));
          else responseText = UNSUPPORTED;
        } catch {
          responseText = UNSUPPORTED;
        }
        record({
          url: m.url,
          date: new Date(m.started).toISOString(),
          type: m.method,
          request: { payload, headers: m.headers },
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

/** The log as recorded (the report reads it cleaned, through `network-log.ts`). */
export function getRecordedNetworkLogs(): NetworkLogEntry[] {
  return entries.slice();
}

/** Logs the integrator attaches themselves (`attachNetworkLogs`), kept after ours. */
export function addNetworkLogs(list: NetworkLogEntry[]): void {
  for (const e of list) record(e, false);
}

export function clearNetworkLogs(): void {
  entries = [];
}

export function resetNetworkOptions(): void {
  options.max = NETWORK_DEFAULT_MAX;
  options.blacklist = [];
  options.propsToIgnore = [];
}
