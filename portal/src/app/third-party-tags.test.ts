import { afterEach, describe, expect, test } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig, setEnvForTests } from '@/config/env';
import {
  DEFAULT_WIDGET_SCRIPT_URL,
  loadThirdPartyTags,
  readTagConfig,
  tagConfigOf,
  WIDGET_CLEARANCE_PX,
  WIDGET_CLEARANCE_VAR,
  WIDGET_SOUND_PATH,
} from './third-party-tags';

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.style.removeProperty(WIDGET_CLEARANCE_VAR);
});

describe('third-party tags', () => {
  test('are off by default', () => {
    const config = readTagConfig({});
    expect(config.analyticsUrl).toBeNull();
    expect(config.widgetKey).toBeNull();
    expect(loadThirdPartyTags(config)).toEqual([]);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    // Without the widget, pages keep no room for its button.
    expect(document.documentElement.style.getPropertyValue(WIDGET_CLEARANCE_VAR)).toBe('');
  });

  test("with the widget, the page's root carries the button's footprint for the shell to keep clear (issue 37 item 10)", () => {
    loadThirdPartyTags(readTagConfig({ VITE_WIDGET_KEY: 'key-123' }, 'https://portal.example/'));
    expect(WIDGET_CLEARANCE_PX).toBeGreaterThanOrEqual(20 + 56);
    expect(document.documentElement.style.getPropertyValue(WIDGET_CLEARANCE_VAR)).toBe(`${WIDGET_CLEARANCE_PX}px`);
    document.getElementById('voltline-widget')?.remove();
  });

  test('load the analytics script from its configured URL once', () => {
    const config = readTagConfig({ VITE_ANALYTICS_URL: 'https://analytics.example/tag.js' });
    expect(loadThirdPartyTags(config)).toEqual(['voltline-analytics']);
    expect(loadThirdPartyTags(config)).toEqual([]);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://analytics.example/tag.js');
  });

  test('ignore an analytics value that is not an http(s) URL', () => {
    expect(readTagConfig({ VITE_ANALYTICS_URL: 'javascript:alert(1)' }).analyticsUrl).toBeNull();
  });

  test('load our widget when a key is set and initialise it with that key', () => {
    const config = readTagConfig({ VITE_WIDGET_KEY: ' key-123 ' }, 'https://portal.example/');
    expect(config.widgetScriptUrl).toBe(`https://portal.example${DEFAULT_WIDGET_SCRIPT_URL}`);
    loadThirdPartyTags(config);
    const script = document.getElementById('voltline-widget') as HTMLScriptElement;
    const calls: string[] = [];
    (window as unknown as { Gleap: unknown }).Gleap = {
      setSoundUrl: () => undefined,
      initialize: (key: string) => calls.push(key),
    };
    script.dispatchEvent(new Event('load'));
    expect(calls).toEqual(['key-123']);
  });

  test('point the widget at the configured API, WebSocket and messenger frame before initialising it', () => {
    document.getElementById('voltline-widget')?.remove();
    const config = readTagConfig(
      {
        VITE_WIDGET_KEY: 'demo',
        VITE_WIDGET_API_URL: '/widget-api',
        VITE_WIDGET_WS_URL: '/widget-ws',
        VITE_WIDGET_FRAME_URL: '/messenger/',
      },
      'https://portal.example/fleet',
    );
    expect(config).toMatchObject({
      widgetApiUrl: 'https://portal.example/widget-api',
      widgetWsUrl: 'wss://portal.example/widget-ws',
      widgetFrameUrl: 'https://portal.example/messenger/',
    });
    loadThirdPartyTags(config);
    const calls: string[] = [];
    (window as unknown as { Gleap: unknown }).Gleap = {
      setApiUrl: (u: string) => calls.push(`api ${u}`),
      setWSApiUrl: (u: string) => calls.push(`ws ${u}`),
      setFrameUrl: (u: string) => calls.push(`frame ${u}`),
      setSoundUrl: (u: string) => calls.push(`sound ${u}`),
      initialize: (key: string) => calls.push(`init ${key}`),
    };
    document.getElementById('voltline-widget')!.dispatchEvent(new Event('load'));
    expect(calls).toEqual([
      'api https://portal.example/widget-api',
      'ws wss://portal.example/widget-ws',
      'frame https://portal.example/messenger/',
      // The notification sound is the portal's own file, not gleap's CDN (which the portal's CSP refuses).
      `sound ${new URL(`/${WIDGET_SOUND_PATH}`, document.baseURI).href}`,
      'init demo',
    ]);
  });
});

describe("the portal's own widget on its own server (issue 38 item 5)", () => {
  afterEach(() => {
    setEnvForTests(undefined);
    document.getElementById('voltline-widget')?.remove();
    delete (window as unknown as { Gleap?: unknown }).Gleap;
  });

  test("is initialised against the server's widget API and key when the runtime config names them", async () => {
    // What the server's /config.json answers with the demo world seeded (server/test/contract/portal-static.test.ts).
    const served = {
      apiUrl: '/api',
      mqttUrl: 'ws://fleet.example/mqtt',
      widgetKey: 'demo-widget-key',
      widgetApiUrl: '/widget-api',
      widgetWsUrl: 'ws://fleet.example/widget-ws',
      widgetFrameUrl: '/messenger/index.html',
    };
    const fetcher = async () =>
      new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } });
    const env = await loadRuntimeConfig('/config.json', fetcher as typeof fetch);
    // The build names another key and the in-page mock's API; the server's values win.
    const build = { VITE_WIDGET_KEY: 'voltline-demo', VITE_WIDGET_API_URL: 'https://api.gleap.io' };
    expect(loadThirdPartyTags(tagConfigOf(build, env, 'http://fleet.example/vehicles'))).toEqual(['voltline-widget']);
    const calls: string[] = [];
    (window as unknown as { Gleap: unknown }).Gleap = {
      setApiUrl: (url: string) => calls.push(`api ${url}`),
      setWSApiUrl: (url: string) => calls.push(`ws ${url}`),
      setFrameUrl: (url: string) => calls.push(`frame ${url}`),
      setSoundUrl: () => undefined,
      initialize: (key: string) => calls.push(`key ${key}`),
    };
    const script = document.getElementById('voltline-widget') as HTMLScriptElement;
    expect(script.src).toBe(`http://fleet.example${DEFAULT_WIDGET_SCRIPT_URL}`);
    script.dispatchEvent(new Event('load'));
    expect(calls).toEqual([
      'api http://fleet.example/widget-api',
      'ws ws://fleet.example/widget-ws',
      'frame http://fleet.example/messenger/index.html',
      'key demo-widget-key',
    ]);
  });

  test('without them (the demo build), the build values stand: the in-page mock', async () => {
    const fetcher = async () => new Response('{}', { headers: { 'content-type': 'application/json' } });
    const env = await loadRuntimeConfig('/config.json', fetcher as typeof fetch);
    const config = tagConfigOf(
      { VITE_WIDGET_KEY: 'voltline-demo', VITE_WIDGET_API_URL: '/widget-api' },
      { ...env, widgetKey: 'voltline-demo' },
      'http://demo.example/',
    );
    expect(config).toMatchObject({ widgetKey: 'voltline-demo', widgetApiUrl: 'http://demo.example/widget-api' });
    expect(() => parseRuntimeConfig({ widgetApiUrl: 'javascript:alert(1)' })).toThrow(/widgetApiUrl/);
  });
});
