import { afterEach, expect, test } from 'vitest';
import { EXCLUDE_ATTRIBUTE } from '../core/report-types';
import { settings } from '../core/state';
import { getShadowRoot, removeShadowHost, setShadowStyles } from './host';

afterEach(() => {
  settings.nonce = '';
  removeShadowHost();
});

test('the UI lives in an open shadow root on one host element', () => {
  const root = getShadowRoot();
  expect(root.host.tagName).toBe('VOLTLINE-WIDGET');
  expect(getShadowRoot()).toBe(root);
  expect(document.querySelectorAll('voltline-widget')).toHaveLength(1);
});

test('the host element carries the snapshot exclusion attribute of the report types', () => {
  expect(getShadowRoot().host.hasAttribute(EXCLUDE_ATTRIBUTE)).toBe(true);
});

test('with a nonce the styles go in a <style nonce> element', () => {
  settings.nonce = 'abc123';
  setShadowStyles('.btn{color:red}');
  const style = getShadowRoot().querySelector('style')!;
  expect(style.nonce).toBe('abc123');
  expect(style.textContent).toBe('.btn{color:red}');
});
