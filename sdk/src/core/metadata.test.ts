import { expect, test } from 'vitest';
import { collectMetadata, isMobileUa, systemName } from './metadata';
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
  settings.startedAt = Date.now() - 5000;
  settings.environment = 'staging';
  const m = collectMetadata();
  expect(m).toMatchObject({
    sdkVersion: '14.2.11',
    sdkType: 'javascript',
    environment: 'staging',
    currentUrl: location.href,
  });
  expect(m.sessionDuration).toBeGreaterThanOrEqual(5);
  expect(m.sessionDuration).toBeLessThan(6);
  settings.environment = 'prod';
});

test('the environment defaults to prod', () => {
  expect(collectMetadata().environment).toBe('prod');
});
