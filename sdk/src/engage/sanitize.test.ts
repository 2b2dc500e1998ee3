import { expect, test, vi } from 'vitest';
import { sanitizeHtml } from './sanitize';

const html = (input: string) => {
  const div = document.createElement('div');
  div.append(sanitizeHtml(input));
  return div;
};

test('keeps plain formatting, text and safe links', () => {
  const out = html('<p>Hi <b>there</b>, <a href="https://example.com/x" target="_blank">read</a></p>');
  expect(out.innerHTML).toBe(
    '<p>Hi <b>there</b>, <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">read</a></p>',
  );
});

test('vector <script>: removed with its content and never runs', () => {
  const ran = vi.fn();
  (window as unknown as { __ran: () => void }).__ran = ran;
  const out = html('ok<script>window.__ran()</script>');
  document.body.append(out);
  expect(out.innerHTML).toBe('ok');
  expect(ran).not.toHaveBeenCalled();
  out.remove();
});

test('vector onerror=: event handler attributes are dropped', () => {
  const out = html('<img src="https://x.test/a.png" onerror="alert(1)" onload="alert(2)"><b onclick="alert(3)">b</b>');
  expect(out.innerHTML).toBe('<img src="https://x.test/a.png"><b>b</b>');
  expect(out.querySelector('[onerror],[onload],[onclick]')).toBeNull();
});

test('vector javascript: links lose their href (also hidden by case, whitespace or entities)', () => {
  const out = html(
    '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a><img src="javascript:alert(1)"><a href="data:text/html,<script>alert(1)</script>">d</a>',
  );
  expect(out.querySelectorAll('[href],[src]')).toHaveLength(0);
  expect(out.textContent).toBe('abcd');
});

test('vector <iframe> (and other embedding elements) are removed with their content', () => {
  const out = html(
    'x<iframe src="https://evil.test"></iframe><object data="x"></object><embed src="x"><svg><script>1</script></svg>y',
  );
  expect(out.innerHTML).toBe('xy');
});

test('vector CSS expression: no style attribute and no <style> element survive', () => {
  const out = html(
    '<div style="width: expression(alert(1)); background:url(javascript:alert(2))">t</div><style>p{x:expression(alert(1))}</style>',
  );
  expect(out.innerHTML).toBe('<div>t</div>');
});

test('unknown elements are unwrapped to their content; non-strings give nothing', () => {
  expect(html('<marquee>hi <b>you</b></marquee>').innerHTML).toBe('hi <b>you</b>');
  expect(html(undefined as unknown as string).innerHTML).toBe('');
  expect(html({} as unknown as string).innerHTML).toBe('');
});

test('colours from the server are used only when they are plain CSS colours', async () => {
  const { safeColor } = await import('./core');
  expect(safeColor('#ff0000', '#000')).toBe('#ff0000');
  expect(safeColor('rgb(1, 2, 3)', '#000')).toBe('rgb(1, 2, 3)');
  expect(safeColor('red;background:url(javascript:alert(1))', '#000')).toBe('#000');
  expect(safeColor('expression(alert(1))', '#000')).toBe('#000');
});

test('surfaces mark their hosts with the snapshot exclusion attribute of the core', async () => {
  const { EXCLUDE } = await import('./shadow');
  const { EXCLUDE_ATTRIBUTE } = await import('../core/report-types');
  expect(EXCLUDE).toBe(EXCLUDE_ATTRIBUTE);
});
