import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { failNext } from '../mock/widget-store';
import { HttpResponse, http } from 'msw';
import { API, KEY, createTestServer, resetWidget } from '../test/widget-harness';
import { applyCachedConfig, configKey, getFlowConfig, getTooltips, loadConfig, loadTooltips } from './config';
import { settings } from './state';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  settings.sdkKey = KEY;
  settings.language = 'fr-FR';
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});

test('the config is fetched with the lower-cased language', async () => {
  await loadConfig();
  expect(mock.store.calls.at(-1)!.path).toBe(`/config/${KEY}`);
  expect(mock.store.calls.at(-1)!.method).toBe('GET');
});

test('the config is cached per key and language and applied from the cache at once', async () => {
  mock.store.configs.set(KEY, { flowConfig: { color: '#123456' } });
  await loadConfig();
  expect(configKey()).toBe(`gleap-widget-config-${KEY}-fr-fr`);
  expect(JSON.parse(localStorage.getItem(configKey())!)).toEqual({ flowConfig: { color: '#123456' } });
  settings.language = 'de';
  expect(applyCachedConfig()).toBe(false);
  settings.language = 'fr-FR';
  expect(applyCachedConfig()).toBe(true);
  expect(getFlowConfig().color).toBe('#123456');
});

test('unset fields fall back to the flow-config defaults', async () => {
  mock.store.configs.set(KEY, { flowConfig: { color: '#111111' } });
  await loadConfig();
  expect(getFlowConfig()).toMatchObject({
    color: '#111111',
    backgroundColor: '#FFFFFF',
    borderRadius: 20,
    buttonX: 20,
    buttonY: 20,
  });
});

test('tooltips are loaded as a list', async () => {
  mock.store.tooltips = [{ selector: '#a', html: 'hi' }];
  await loadTooltips();
  expect(getTooltips()).toEqual([{ selector: '#a', html: 'hi' }]);
});

test('a tooltip load failure logs "Failed to fetch tooltips"', async () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  failNext(mock.store, `GET /config/${KEY}/tooltips`, 500);
  await loadTooltips();
  expect(spy).toHaveBeenCalledWith('Failed to fetch tooltips');
});

test('an unparsable tooltip answer logs "Failed to parse tooltips"', async () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  server.use(http.get(`${API}/config/:key/tooltips`, () => new HttpResponse('not json{', { status: 200 })));
  await loadTooltips();
  expect(spy).toHaveBeenCalledWith('Failed to parse tooltips');
});
