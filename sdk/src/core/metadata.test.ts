import { expect, test, vi } from 'vitest';
import { browserName, browserVersion, collectMetadata, systemName } from './metadata';
import { isMobileUa } from './report-types';
import { settings } from './state';

test.each([
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120', 'Windows'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605', 'MacOS'],
  ['Mozilla/5.0 (X11; Linux x86_64) Firefox/120', 'Linux'],
  ['Mozilla/5.0 (X11; FreeBSD amd64)', 'UNIX'],
  ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile', 'iPad'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile', 'iPhone'],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile', 'Android'],
  ['Something else', 'Unknown OS'],
])('%s runs on %s', (ua, name) => {
  expect(systemName(ua)).toBe(name);
});

test('mobile devices are detected by user agent', () => {
  expect(isMobileUa('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile')).toBe(true);
  expect(isMobileUa('Mozilla/5.0 (Windows NT 10.0)')).toBe(false);
});

test('metadata has sdkVersion 14.2.11, sdkType javascript, the environment and the session duration in seconds', () => {
  settings.startedAt = Date.now() - 5400;
  settings.environment = 'staging';
  const m = collectMetadata();
  expect(m).toMatchObject({
    sdkVersion: '14.2.11',
    sdkType: 'javascript',
    environment: 'staging',
    currentUrl: location.href,
  });
  expect(m.sessionDuration).toBe(5);
  settings.environment = 'prod';
});

test('the environment defaults to prod', () => {
  expect(collectMetadata().environment).toBe('prod');
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
test.each([
  [CHROME, 'Chrome', '120.0.0.0'],
  [
    'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    'Microsoft Edge',
    '120.0.2210.91',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox', '121.0'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 Version/17.2 Safari/605.1.15', 'Safari', '17.2'],
  ['Mozilla/5.0 (Windows NT 10.0) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0', 'Opera', '105.0.0.0'],
])('%s is %s version %s', (ua, name, version) => {
  expect(browserName(ua)).toBe(name);
  expect(browserVersion(ua)).toBe(version);
});

test("browserName carries the version in gleap's form and browser is the bare name", () => {
  const ua = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
  expect(collectMetadata()).toMatchObject({ browserName: 'Chrome(120.0.0.0)', browser: 'Chrome' });
  ua.mockRestore();
});
