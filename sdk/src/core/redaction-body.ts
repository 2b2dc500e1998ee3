import { core } from './pipeline-core';
import type { RedactionPolicy } from './redaction';

/**
 * The redaction of headers and bodies (`redaction.ts` holds the policy and the rules the core applies itself): the
 * network log applies it when a report reads the log, so it loads with the report pipeline, not with the core.
 */

/** Copy of a header map with sensitive values replaced. */
export function redactHeaders(
  headers: Record<string, string>,
  policy: RedactionPolicy = core.getRedactionPolicy(),
): Record<string, string> {
  const listed = new Set(policy.headers.map((h) => h.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] =
      listed.has(k.toLowerCase()) || core.isSensitiveName(k, policy) ? core.REDACTED : core.redactText(v, policy);
  }
  return out;
}

/** Deep copy of a JSON value with sensitive fields replaced and strings passed through `redactText`. */
export function redactValue(value: unknown, policy: RedactionPolicy = core.getRedactionPolicy(), depth = 0): unknown {
  if (depth > 20) return value;
  if (typeof value === 'string') return core.redactText(value, policy);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, policy, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = core.isSensitiveName(k, policy) ? core.REDACTED : redactValue(v, policy, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * Redact a request or response body given as text: JSON bodies field by field, form-encoded bodies by field name,
 * anything else as free text.
 */
export function redactBody(body: string, policy: RedactionPolicy = core.getRedactionPolicy()): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactValue(JSON.parse(trimmed), policy));
    } catch {
      // not JSON after all: fall through to text
    }
  }
  if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(trimmed)) return core.redactPairs(trimmed, policy);
  return core.redactText(body, policy);
}
