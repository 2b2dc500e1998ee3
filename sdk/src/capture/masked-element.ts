import type { RedactionPolicy } from '../core/redaction';
import { core } from './core';

/*
 * Which elements of the page the snapshot and the replay mask, by the one redaction policy. Only the capture chunks
 * need it, so it lives here and not in the core.
 */

const SECRET_AUTOCOMPLETE = new Set(['one-time-code', 'current-password', 'new-password']);

/**
 * A form control whose value is secret by its `name`, `id` or `autocomplete` (`cc-*`, `one-time-code`,
 * `current-password`, `new-password`), whatever its type.
 */
export function isSensitiveInput(el: Element, policy: RedactionPolicy = core.getRedactionPolicy()): boolean {
  const tag = el.tagName;
  if (tag !== 'INPUT' && tag !== 'TEXTAREA' && tag !== 'SELECT') return false;
  const autocomplete = (el.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  if (autocomplete.some((t) => t.startsWith('cc-') || SECRET_AUTOCOMPLETE.has(t))) return true;
  const name = el.getAttribute('name');
  if (name && core.isSensitiveName(name, policy)) return true;
  return !!el.id && core.isSensitiveName(el.id, policy);
}

// The mask selectors joined into one selector list, per policy object: replay asks for every text node and input of the
// page, and one native `closest` (which also tests the element itself) is several times cheaper than two calls per selector.
let joinedFor: RedactionPolicy | undefined;
let joined = '';

/**
 * True when an element's value or text must never leave the page: password inputs, gl-mask, gleap-ignore, and form
 * controls named like a secret.
 */
export function isMaskedElement(el: Element, policy: RedactionPolicy = core.getRedactionPolicy()): boolean {
  if (isSensitiveInput(el, policy)) return true;
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
