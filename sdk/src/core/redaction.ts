/**
 * The one redaction policy of the widget. Everything that leaves the page (snapshot, replay, network log, console log)
 * passes through it first. Integrators widen or narrow it with `Gleap.setRedactionPolicy`.
 */

export interface RedactionPolicy {
  /** Header names (case-insensitive) whose values are replaced. */
  headers: string[];
  /** Body or query field names (case-insensitive) whose values are replaced in JSON and form bodies. */
  fields: string[];
  /** Mask values that look like payment card numbers (13-19 digits passing the Luhn check). */
  cardNumbers: boolean;
  /** Mask values that look like bearer tokens, JWTs or long API keys. */
  tokens: boolean;
  /** CSS selectors of elements whose text and values are masked in snapshots and replays. */
  maskSelectors: string[];
}

export const REDACTED = '[redacted]';

export const DEFAULT_REDACTION_POLICY: RedactionPolicy = {
  headers: ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key', 'api-token'],
  fields: [
    'password',
    'passwd',
    'pwd',
    'secret',
    'token',
    'access_token',
    'refresh_token',
    'id_token',
    'apikey',
    'api_key',
    'authorization',
    'cvv',
    'cvc',
    'card_number',
    'cardnumber',
  ],
  cardNumbers: true,
  tokens: true,
  maskSelectors: ['input[type="password"]', '.gl-mask', '[gleap-ignore]'],
};

let current: RedactionPolicy = DEFAULT_REDACTION_POLICY;

/** The policy in force. */
export function getRedactionPolicy(): RedactionPolicy {
  return current;
}

/** Replace parts of the policy; lists given here replace the defaults (spread `DEFAULT_REDACTION_POLICY` to extend). */
export function setRedactionPolicy(patch: Partial<RedactionPolicy>): void {
  current = { ...current, ...patch };
}

export function resetRedactionPolicy(): void {
  current = DEFAULT_REDACTION_POLICY;
}

function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const CARD_RE = /\b(?:\d[ -]?){12,18}\d\b/g;
const JWT_RE = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g;
const BEARER_RE = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const KEY_RE = /\b(?:sk|pk|rk|ghp|gho|xox[abp])[-_][A-Za-z0-9_-]{16,}\b/g;

/**
 * No pattern above matches fewer characters (a card number has at least 13 digits, a bearer value 14 characters, a JWT 29),
 * so shorter text is returned as is: replay passes every text node of the page through here, and most are short.
 */
const SHORTEST_MATCH = 13;

/** Mask card-like and token-like substrings of free text (console messages, URLs, bodies). */
export function redactText(text: string, policy: RedactionPolicy = current): string {
  if (text.length < SHORTEST_MATCH) return text;
  let out = text;
  if (policy.tokens) {
    out = out.replace(JWT_RE, REDACTED).replace(BEARER_RE, `$1 ${REDACTED}`).replace(KEY_RE, REDACTED);
  }
  if (policy.cardNumbers) {
    out = out.replace(CARD_RE, (m) => {
      const digits = m.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? REDACTED : m;
    });
  }
  return out;
}

/** Copy of a header map with sensitive values replaced. */
export function redactHeaders(
  headers: Record<string, string>,
  policy: RedactionPolicy = current,
): Record<string, string> {
  const names = new Set(policy.headers.map((h) => h.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = names.has(k.toLowerCase()) ? REDACTED : v;
  return out;
}

/** Deep copy of a JSON value with sensitive fields replaced and strings passed through `redactText`. */
export function redactValue(value: unknown, policy: RedactionPolicy = current, depth = 0): unknown {
  if (depth > 20) return value;
  if (typeof value === 'string') return redactText(value, policy);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, policy, depth + 1));
  if (value && typeof value === 'object') {
    const names = new Set(policy.fields.map((f) => f.toLowerCase()));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = names.has(k.toLowerCase()) ? REDACTED : redactValue(v, policy, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * Redact a request or response body given as text: JSON bodies field by field, form-encoded bodies by field name,
 * anything else as free text.
 */
export function redactBody(body: string, policy: RedactionPolicy = current): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(redactValue(JSON.parse(trimmed), policy));
    } catch {
      // not JSON after all: fall through to text
    }
  }
  if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(trimmed)) {
    const names = new Set(policy.fields.map((f) => f.toLowerCase()));
    return trimmed
      .split('&')
      .map((pair) => {
        const [k = '', v = ''] = pair.split('=');
        return names.has(decodeURIComponent(k).toLowerCase())
          ? `${k}=${encodeURIComponent(REDACTED)}`
          : `${k}=${redactText(v, policy)}`;
      })
      .join('&');
  }
  return redactText(body, policy);
}

// The mask selectors joined into one selector list, per policy object: replay asks for every text node and input of the
// page, and one native `closest` (which also tests the element itself) is several times cheaper than two calls per selector.
let joinedFor: RedactionPolicy | undefined;
let joined = '';

/** True when an element's value or text must never leave the page (password inputs, gl-mask, gleap-ignore). */
export function isMaskedElement(el: Element, policy: RedactionPolicy = current): boolean {
  if (policy.maskSelectors.length === 0) return false;
  if (joinedFor !== policy) {
    joinedFor = policy;
    joined = policy.maskSelectors.join(',');
  }
  try {
    return el.closest(joined) !== null;
  } catch {
    // One invalid selector invalidates the whole list: test them one by one so that the valid ones still mask.
    return policy.maskSelectors.some((sel) => {
      try {
        return el.closest(sel) !== null;
      } catch {
        return false;
      }
    });
  }
}
