import { afterEach, describe, expect, test } from 'vitest';
import { maskReplayInput, maskReplayText, replayMaskOptions } from './replay-privacy';

afterEach(() => {
  document.body.innerHTML = '';
});

function element(html: string, selector: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector(selector) as HTMLElement;
}

describe('replay privacy hooks', () => {
  test('mask every character of a password input value', () => {
    expect(maskReplayInput('hunter2', element('<input type="password">', 'input'))).toBe('*******');
  });

  test('mask inputs inside a gl-mask container', () => {
    expect(maskReplayInput('Jane', element('<div class="gl-mask"><input></div>', 'input'))).toBe('****');
  });

  test('leave ordinary input values but redact card numbers in them', () => {
    const input = element('<input>', 'input');
    expect(maskReplayInput('hello', input)).toBe('hello');
    expect(maskReplayInput('4111111111111111', input)).toBe('[redacted]');
  });

  test('mask text of gleap-ignore elements keeping whitespace', () => {
    expect(maskReplayText('Jane Doe', element('<p gleap-ignore>Jane Doe</p>', 'p'))).toBe('**** ***');
  });

  test('redact tokens in ordinary text', () => {
    const p = element('<p>x</p>', 'p');
    expect(maskReplayText('Bearer abcdefghijklmnopqrstu', p)).toBe('Bearer [redacted]');
  });

  test('route every text node and the password type through the hooks', () => {
    const options = replayMaskOptions();
    expect(options.maskTextSelector).toBe('*');
    expect(options.maskInputOptions.password).toBe(true);
    expect(options.maskInputOptions.input).toBe(true);
    // Masking selects would drop their selected option from the full snapshot.
    expect(options.maskInputOptions.select).toBeUndefined();
  });
});
