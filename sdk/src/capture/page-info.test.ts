import { afterEach, expect, test, vi } from 'vitest';
import { getPageInfo } from './page-info';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

afterEach(() => vi.restoreAllMocks());

function pageInfoAt(width: number, userAgent: string) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  return getPageInfo();
}

test('isMobile of the snapshot and the replay follows the user agent, not the viewport width (§9)', () => {
  // a narrow desktop window is no mobile device: the 450 px breakpoint is the layout's only
  expect(pageInfoAt(400, DESKTOP)).toMatchObject({ width: 400, isMobile: false });
  expect(pageInfoAt(1200, IPHONE)).toMatchObject({ width: 1200, isMobile: true });
});
