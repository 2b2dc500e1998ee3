import { core } from '../core/pipeline-core';
import { redactBody, redactHeaders } from '../core/redaction-body';
import type { NetworkLogEntry } from '../core/report-types';

/**
 * The network log as a report sends it (loaded with the report pipeline, not in the core): the recorder's entries with
 * the ignore list and the redaction policy applied to URL, headers and bodies, and the resource timing entries.
 */

function stripProps(text: string): string {
  const ignored = core.networkOptions.propsToIgnore;
  if (!ignored.length) return text;
  try {
    const strip = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(strip);
      if (v && typeof v === 'object') {
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) if (!ignored.includes(k)) out[k] = strip(x);
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
  if (text.length > core.NETWORK_BODY_LIMIT) return core.TOO_LARGE;
  return redactBody(stripProps(text));
}

function cleanHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(redactHeaders(headers ?? {})))
    if (!core.networkOptions.propsToIgnore.includes(k)) out[k] = v;
  return out;
}

const clean = (e: NetworkLogEntry): NetworkLogEntry => ({
  ...e,
  url: core.redactUrl(e.url),
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
  return core.getRecordedNetworkLogs().map((e) => (core.recorded.has(e) ? clean(e) : e));
}

/**
 * Resource timing entries (type RESOURCE): fetch and XHR requests only, or every resource (`sendNetworkResources`).
 * The widget's own API calls are left out.
 */
export function getResourceEntries(allResources = false): NetworkLogEntry[] {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return [];
  const own = core.trimUrl(core.settings.apiUrl);
  return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter(
      (e) =>
        e.name &&
        (allResources || e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest') &&
        !(own && e.name.startsWith(own)) &&
        !core.isBlacklisted(e.name),
    )
    .map((e) => ({
      url: core.redactUrl(e.name),
      date: new Date(performance.timeOrigin + e.startTime).toISOString(),
      type: 'RESOURCE',
      initiatorType: e.initiatorType,
      duration: Math.round(e.duration),
    }));
}
