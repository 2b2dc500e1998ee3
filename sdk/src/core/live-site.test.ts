import { afterEach, expect, test } from 'vitest';
import { isLiveMode } from './live-site';
import { settings } from './state';

afterEach(() => {
  settings.offline = false;
  settings.liveSite = undefined;
});

test.each([
  'localhost',
  '127.0.0.1',
  '0.0.0.0',
  '',
  '::1',
  '[::1]',
  '192.168.1.5',
  '10.0.0.7',
  'myhost.local',
  'intranet',
])('%s is not live', (host) => {
  expect(isLiveMode(host)).toBe(false);
});

test.each(['shop.example.com', '10.1.2.3', '172.16.0.1', '127.0.0.2'])(
  '%s is live: the private ranges of the rule are 192.168.* and 10.0.* only (§5)',
  (host) => {
    expect(isLiveMode(host)).toBe(true);
  },
);

test('offline mode is never live', () => {
  settings.offline = true;
  expect(isLiveMode('shop.example.com')).toBe(false);
});

test('setLiveSite overrides the host rule', () => {
  settings.liveSite = true;
  expect(isLiveMode('localhost')).toBe(true);
  settings.liveSite = false;
  expect(isLiveMode('shop.example.com')).toBe(false);
});
