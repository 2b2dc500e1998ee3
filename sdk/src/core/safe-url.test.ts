import { afterEach, expect, test, vi } from 'vitest';
import { getConsoleLogs } from '../logs/console-logger';
import { clearConsoleLogs } from '../logs/console-recorder';
import { isSafeUrl, openSafeUrl } from './safe-url';
import { settings } from './state';

afterEach(() => {
  settings.urlHandler = undefined;
  clearConsoleLogs();
  vi.restoreAllMocks();
});

test.each([
  'https://docs.test/a',
  'http://docs.test/a?b=1',
  'mailto:help@example.com',
  'tel:+491234',
  '/help/article-1',
  'article-2',
  '?tab=news',
  '//cdn.test/x',
])('%s may be opened', (url) => {
  expect(isSafeUrl(url, 'https://host.test/page')).toBe(true);
});

test.each([
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://host.test/uuid',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'gleap://article/1',
])('%s is refused', (url) => {
  expect(isSafeUrl(url, 'https://host.test/page')).toBe(false);
});

test('an unsafe URL never reaches the URL handler or window.open, and the refusal is logged', () => {
  const handler = vi.fn();
  settings.urlHandler = handler;
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  expect(openSafeUrl('javascript:alert(document.cookie)', true)).toBe(false);
  settings.urlHandler = undefined;
  expect(openSafeUrl('data:text/html,x', true)).toBe(false);
  expect(handler).not.toHaveBeenCalled();
  expect(open).not.toHaveBeenCalled();
  expect(getConsoleLogs().map((l) => l.log)).toEqual([
    expect.stringContaining('refused to open javascript:'),
    expect.stringContaining('refused to open data:'),
  ]);
});

test('a safe URL goes to the URL handler with newTab, else to a new tab without opener', () => {
  const handler = vi.fn();
  settings.urlHandler = handler;
  expect(openSafeUrl('https://docs.test/a', true)).toBe(true);
  expect(handler).toHaveBeenCalledWith('https://docs.test/a', true);
  settings.urlHandler = undefined;
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  openSafeUrl('mailto:help@example.com', true);
  expect(open).toHaveBeenCalledWith('mailto:help@example.com', '_blank', 'noopener');
});
