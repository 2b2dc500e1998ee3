import { core } from './core';
import { isMaskedElement } from './masked-element';
import { maskText } from './mask-text';

/**
 * rrweb hooks that apply the widget's one redaction policy, so that replay and snapshot mask exactly the same things.
 * rrweb calls them only for text and inputs its selectors select; `replayMaskOptions` selects everything so that the
 * policy, not rrweb's class list, decides.
 */
export function maskReplayText(text: string, element: HTMLElement | null): string {
  if (element && isMaskedElement(element)) return maskText(text);
  return core.redactText(text);
}

/** rrweb `maskInputFn`: masked inputs (passwords, gl-mask, gleap-ignore) become asterisks, others lose card and token values. */
export function maskReplayInput(value: string, element: HTMLElement): string {
  if (isMaskedElement(element)) return '*'.repeat(value.length);
  return core.redactText(value);
}

/** The rrweb options that route every text node and input value through the hooks above. */
export function replayMaskOptions() {
  const policy = core.getRedactionPolicy();
  return {
    // Every text node goes through maskTextFn; the policy's selectors decide inside it.
    maskTextSelector: policy.maskSelectors.length > 0 ? '*' : undefined,
    maskInputOptions: {
      password: true,
      // rrweb keys its input masking by tag name too; `input` and friends make it call maskInputFn for every value.
      input: true,
      textarea: true,
      text: true,
      email: true,
      tel: true,
      number: true,
      search: true,
      url: true,
    } as Record<string, boolean>,
    maskTextFn: maskReplayText,
    maskInputFn: maskReplayInput,
  };
}

/** Attributes and fields of rrweb events that hold a URL (the Meta event's page `href`, links, forms, media). */
const URL_KEYS = new Set(['href', 'src', 'action', 'poster']);

/**
 * Redact the query and fragment secrets of every URL in an rrweb event, in place (the event is ours, fresh from rrweb):
 * rrweb has no hook for attribute values.
 */
export function redactReplayUrls<T>(event: T): T {
  const walk = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 200) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const v = record[key];
      if (typeof v === 'string') {
        if (URL_KEYS.has(key) && (v.includes('?') || v.includes('#'))) record[key] = core.redactUrl(v);
      } else walk(v, depth + 1);
    }
  };
  walk(event, 0);
  return event;
}
