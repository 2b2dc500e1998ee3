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

test('a public host with a dot is live', () => {
  expect(isLiveMode('shop.example.com')).toBe(true);
});

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
