import { type Mock, expect, test, vi } from 'vitest';
import { LINK_KINDS, type LinkKind, handleDeepLink, listenForDeepLinks, parseDeepLink } from './deep-links';

const openers = () =>
  Object.fromEntries(LINK_KINDS.map((k) => [k, vi.fn()])) as Record<LinkKind, Mock<(id: string) => void>>;

test.each(LINK_KINDS)('gleap://%s/<id> is a deep link', (kind) => {
  expect(parseDeepLink(`gleap://${kind}/abc`)).toEqual({ kind, id: 'abc' });
});

test('a /{x}/{kind}/{id} path is a deep link', () => {
  expect(parseDeepLink('/help/article/42')).toEqual({ kind: 'article', id: '42' });
  expect(parseDeepLink('https://site.test/x/news/7?utm=1')).toEqual({ kind: 'news', id: '7' });
});

test('other links are not deep links', () => {
  expect(parseDeepLink('gleap://unknown/1')).toBeNull();
  expect(parseDeepLink('/a/b')).toBeNull();
  expect(parseDeepLink('gleap://article/')).toBeNull();
});

test('a click on a gleap:// anchor opens its kind and does not navigate', () => {
  const o = openers();
  const stop = listenForDeepLinks(o);
  document.body.innerHTML = '<a href="gleap://survey/s9"><span id="t">take it</span></a>';
  const ev = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.getElementById('t')!.dispatchEvent(ev);
  expect(o.survey).toHaveBeenCalledWith('s9');
  expect(ev.defaultPrevented).toBe(true);
  stop();
});

test('a failing opener logs "Failed to handle link"', () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  const o = openers();
  o.tour.mockImplementation(() => {
    throw new Error('x');
  });
  expect(handleDeepLink('gleap://tour/t1', o)).toBe(true);
  expect(spy).toHaveBeenCalledWith('Failed to handle link');
  spy.mockRestore();
});
