/**
 * The one redaction policy of the widget. Everything that leaves the page (snapshot, replay, network log, console log)
 * passes through it first. Integrators widen or narrow it with `Gleap.setRedactionPolicy`.
 */

export interface RedactionPolicy {
  /** Header names (case-insensitive) whose values are replaced, besides every header whose name is a sensitive field name. */
  headers: string[];
  /**
   * Sensitive field names, matched ignoring case and separators (`accessToken`, `access_token` and `Access-Token` are one
   * name). Names of 5 characters or more match anywhere in a field name (`token` catches `sessionToken`, `X-Auth-Token`),
   * shorter ones (`pin`, `otp`) only the whole name. Applied to JSON and form bodies, console objects, URL query strings,
   * headers, and inputs by `name` and `id`.
   */
  fields: string[];
  /** More field-name patterns, tested against the name as written. */
  fieldPatterns: RegExp[];
  /** Field names opted back in (same matching as `fields`, whole name): never redacted by name. */
  allowFields: string[];
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
    'apikey',
    'authorization',
    'cookie',
    'credential',
    'privatekey',
    'otp',
    'pin',
    'cvv',
    'cvc',
    'ssn',
    'cardnumber',
  ],
  fieldPatterns: [],
  allowFields: [],
  cardNumbers: true,
  tokens: true,
  maskSelectors: ['input[type="password"]', '.gl-mask', '[gleap-ignore]'],
};

let current: RedactionPolicy = DEFAULT_REDACTION_POLICY;

/** A field name without case and separators: `Access-Token`, `access_token` and `accessToken` are `accesstoken`. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Names shorter than this match only as a whole (`pin` must not catch `spin`). */
const PARTIAL_MATCH_MIN = 5;

// The normalised lists, per policy object: names are checked for every key of every logged object.
let namesFor: RedactionPolicy | undefined;
let names: { whole: Set<string>; partial: string[]; allow: Set<string> } = {
  whole: new Set(),
  partial: [],
  allow: new Set(),
};

function namesOf(policy: RedactionPolicy) {
  if (namesFor !== policy) {
    namesFor = policy;
    const fields = policy.fields.map(normalizeName).filter(Boolean);
    names = {
      whole: new Set(fields),
      partial: fields.filter((f) => f.length >= PARTIAL_MATCH_MIN),
      allow: new Set((policy.allowFields ?? []).map(normalizeName)),
    };
  }
  return names;
}

/** True when a field, query parameter, header or input of this name must not leave the page. */
export function isSensitiveName(name: string, policy: RedactionPolicy = current): boolean {
  const n = normalizeName(name);
  if (!n) return false;
  const { whole, partial, allow } = namesOf(policy);
  if (allow.has(n)) return false;
  if (whole.has(n) || partial.some((f) => n.includes(f))) return true;
  return (policy.fieldPatterns ?? []).some((re) => {
    re.lastIndex = 0;
    return re.test(name);
  });
}

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

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `a=1&token=x` with the values of sensitive names replaced and the others passed through `redactText`. */
export function redactPairs(pairs: string, policy: RedactionPolicy): string {
  return pairs
    .split('&')
    .map((pair) => {
      const i = pair.indexOf('=');
      if (i < 0) return pair;
      const k = pair.slice(0, i);
      return isSensitiveName(decode(k), policy)
        ? `${k}=${encodeURIComponent(REDACTED)}`
        : `${k}=${redactText(pair.slice(i + 1), policy)}`;
    })
    .join('&');
}

/**
 * A URL (absolute or relative) with the values of sensitive query and fragment parameters replaced
 * (`?token=…`, `#access_token=…`) and card or token look-alikes masked.
 */
export function redactUrl(url: string, policy: RedactionPolicy = current): string {
  // inline images and the like carry no parameters, and their base64 may look like digits of a card
  if (/^(data|blob):/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  let out =
    queryAt < 0
      ? beforeHash
      : `${beforeHash.slice(0, queryAt + 1)}${redactPairs(beforeHash.slice(queryAt + 1), policy)}`;
  if (hashAt >= 0) {
    const hash = url.slice(hashAt + 1);
    out += `#${hash.includes('=') ? redactPairs(hash, policy) : hash}`;
  }
  return redactText(out, policy);
}
