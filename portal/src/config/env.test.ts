import { afterEach, describe, expect, test, vi } from 'vitest';
import { ENV_DEFAULTS, getEnv, loadRuntimeConfig, parseEnv, parseRuntimeConfig, setEnvForTests } from './env';

afterEach(() => setEnvForTests(undefined));

describe('parseEnv', () => {
  test('uses the defaults when no variable is set', () => {
    const env = parseEnv({}, false);
    expect(env).toEqual({
      apiUrl: ENV_DEFAULTS.apiUrl,
      mqttUrl: ENV_DEFAULTS.mqttUrl,
      widgetKey: undefined,
      analyticsUrl: undefined,
      mapStyleUrl: undefined,
      demo: false,
    });
  });

  test('reads every build-time variable', () => {
    const env = parseEnv(
      {
        VITE_API_URL: 'https://fleet.example.com/api',
        VITE_MQTT_URL: 'wss://broker.example.com/mqtt',
        VITE_WIDGET_KEY: 'key-123',
        VITE_ANALYTICS_URL: 'https://stats.example.com/tag.js',
        VITE_MAP_STYLE_URL: 'https://tiles.example.com/style.json',
      },
      true,
    );
    expect(env).toEqual({
      apiUrl: 'https://fleet.example.com/api',
      mqttUrl: 'wss://broker.example.com/mqtt',
      widgetKey: 'key-123',
      analyticsUrl: 'https://stats.example.com/tag.js',
      mapStyleUrl: 'https://tiles.example.com/style.json',
      demo: true,
    });
  });

  test('treats blank variables as unset', () => {
    const env = parseEnv({ VITE_API_URL: ' ', VITE_WIDGET_KEY: '', VITE_ANALYTICS_URL: '' }, false);
    expect(env.apiUrl).toBe('/api');
    expect(env.widgetKey).toBeUndefined();
    expect(env.analyticsUrl).toBeUndefined();
  });

  test('lets run-time values win over build-time values', () => {
    const env = parseEnv({ VITE_API_URL: '/build-api', VITE_WIDGET_KEY: 'build' }, false, {
      apiUrl: 'https://runtime.example.com/api',
      widgetKey: '',
    });
    expect(env.apiUrl).toBe('https://runtime.example.com/api');
    expect(env.widgetKey).toBeUndefined();
  });

  test('rejects an MQTT URL that is not a WebSocket URL with a readable message', () => {
    expect(() => parseEnv({ VITE_MQTT_URL: 'http://broker:1883' }, false)).toThrow(
      /mqttUrl: must be a ws:\/\/ or wss:\/\/ URL/,
    );
  });

  test('rejects an API URL that is neither a URL nor a path', () => {
    expect(() => parseEnv({ VITE_API_URL: 'api' }, false)).toThrow(/apiUrl/);
  });

  test('rejects an analytics URL that is not a URL', () => {
    expect(() => parseEnv({ VITE_ANALYTICS_URL: 'not a url' }, false)).toThrow(/analyticsUrl/);
  });
});

describe('parseRuntimeConfig', () => {
  test('rejects unknown keys so a typo in config.json is noticed', () => {
    expect(() => parseRuntimeConfig({ apiURL: '/x' })).toThrow(/Invalid config.json/);
  });

  test('does not let config.json switch demo mode', () => {
    expect(() => parseRuntimeConfig({ demo: true })).toThrow(/Invalid config.json/);
  });
});

describe('loadRuntimeConfig', () => {
  const json = (body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

  test('applies config.json over the build-time values and getEnv returns the result', async () => {
    const fetcher = vi.fn(() => json({ apiUrl: 'https://fleet.example.com/v1', mqttUrl: 'wss://mqtt.example.com' }));
    const env = await loadRuntimeConfig('/config.json', fetcher);
    expect(fetcher).toHaveBeenCalledWith('/config.json', { cache: 'no-store' });
    expect(env.apiUrl).toBe('https://fleet.example.com/v1');
    expect(getEnv().mqttUrl).toBe('wss://mqtt.example.com');
  });

  test('keeps the build-time values when config.json is missing', async () => {
    const env = await loadRuntimeConfig('/config.json', () => Promise.resolve(new Response('', { status: 404 })));
    expect(env.apiUrl).toBe('/api');
  });

  test('keeps the build-time values when the server answers an HTML page instead', async () => {
    const html = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    const env = await loadRuntimeConfig('/config.json', () => Promise.resolve(html));
    expect(env.apiUrl).toBe('/api');
  });

  test('fails loudly when config.json holds an invalid value', async () => {
    await expect(loadRuntimeConfig('/config.json', () => json({ mqttUrl: 'tcp://x' }))).rejects.toThrow(/mqttUrl/);
  });

  test('keeps the build-time values when config.json cannot be fetched', async () => {
    const env = await loadRuntimeConfig('/config.json', () => Promise.reject(new TypeError('offline')));
    expect(env.mqttUrl).toBe('ws://127.0.0.1:9001');
  });
});

test('getEnv marks the test build as demo mode', () => {
  expect(getEnv().demo).toBe(true);
});
