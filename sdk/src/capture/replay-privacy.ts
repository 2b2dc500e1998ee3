import { getRedactionPolicy, isMaskedElement, redactText } from '../core/redaction';
import { maskText } from './mask-text';

/**
 * rrweb hooks that apply the widget's one redaction policy, so that replay and snapshot mask exactly the same things.
 * rrweb calls them only for text and inputs its selectors select; `replayMaskOptions` selects everything so that the
 * policy, not rrweb's class list, decides.
 */
export function maskReplayText(text: string, element: HTMLElement | null): string {
  if (element && isMaskedElement(element)) return maskText(text);
  return redactText(text);
}

/** rrweb `maskInputFn`: masked inputs (passwords, gl-mask, gleap-ignore) become asterisks, others lose card and token values. */
export function maskReplayInput(value: string, element: HTMLElement): string {
  if (isMaskedElement(element)) return '*'.repeat(value.length);
  return redactText(value);
}

/** The rrweb options that route every text node and input value through the hooks above. */
export function replayMaskOptions() {
  const policy = getRedactionPolicy();
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
