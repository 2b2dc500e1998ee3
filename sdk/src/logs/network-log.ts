import { NETWORK_BODY_LIMIT } from '../core/constants';
import { redactUrl } from '../core/redaction';
import { redactBody, redactHeaders } from '../core/redaction-body';
import type { NetworkLogEntry } from '../core/report-types';
import { settings, trimUrl } from '../core/state';
import { TOO_LARGE, getRecordedNetworkLogs, isBlacklisted, options, recorded } from './network-logger';

/**
 * The network log as a report sends it (loaded with the report pipeline, not in the core): the recorder's entries with
 * the ignore list and the redaction policy applied to URL, headers and bodies, and the resource timing entries.
 */

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

function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(redactHeaders(headers ?? {}))) if (!options.propsToIgnore.includes(k)) out[k] = v;
  return out;
}

const clean = (e: NetworkLogEntry): NetworkLogEntry => ({
  ...e,
  url: redactUrl(e.url),
  ...(e.request && {
    request: {
      payload: typeof e.request.payload === 'string' ? cleanBody(e.request.payload) : e.request.payload,
      headers: cleanHeaders(e.request.headers),
    },
  }),
  ...(e.response && { response: { ...e.response, responseText: cleanBody(e.response.responseText) } }),
});

/** The logged requests, cleaned; entries the integrator attached are sent as given. */
export function getNetworkLogs(): NetworkLogEntry[] {
  return getRecordedNetworkLogs().map((e) => (recorded.has(e) ? clean(e) : e));
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
