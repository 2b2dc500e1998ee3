import { afterEach, expect, test, vi } from 'vitest';
import { createFakeHost, type FakeHost, HOST_ORIGIN } from '../test/fake-host';
import { resolveHostOrigin } from './host-channel';

let host: FakeHost | undefined;
afterEach(() => host?.cleanup());

test('learns the host origin from the first ancestor origin', () => {
  expect(
    resolveHostOrigin({
      ancestorOrigins: ['https://a.example', 'https://b.example'],
      referrer: 'https://c.example/x',
      isTopLevel: false,
    }),
  ).toBe('https://a.example');
});

test('falls back to the origin of the referrer when ancestor origins are unknown', () => {
  expect(resolveHostOrigin({ ancestorOrigins: [], referrer: 'https://c.example/page?q=1', isTopLevel: false })).toBe(
    'https://c.example',
  );
});

test('has no host origin when the messenger is the top window', () => {
  expect(resolveHostOrigin({ ancestorOrigins: [], referrer: 'https://c.example/', isTopLevel: true })).toBeNull();
});

test('has no host origin when neither ancestor origins nor a referrer exist', () => {
  expect(resolveHostOrigin({ ancestorOrigins: [], referrer: '', isTopLevel: false })).toBeNull();
});

test('sends ping to the exact host origin on start', () => {
  host = createFakeHost();
  host.channel.start();
  expect(host.posted).toEqual([{ message: JSON.stringify({ name: 'ping' }), targetOrigin: HOST_ORIGIN }]);
});

test('sends ping only once when started twice', () => {
  host = createFakeHost();
  host.channel.start();
  host.channel.start();
  expect(host.sentData('ping')).toHaveLength(1);
});

test('posts JSON strings {name, data} to the exact host origin, never "*"', () => {
  host = createFakeHost();
  host.channel.send('open-url', 'https://docs.example', { newTab: true });
  expect(host.posted).toEqual([
    {
      message: JSON.stringify({ newTab: true, name: 'open-url', data: 'https://docs.example' }),
      targetOrigin: HOST_ORIGIN,
    },
  ]);
});

test('uses the referrer origin as target when ancestor origins are unknown', () => {
  host = createFakeHost({ ancestorOrigins: [], referrer: 'https://shop.example/cart' });
  host.channel.send('close-widget');
  expect(host.posted[0]?.targetOrigin).toBe('https://shop.example');
});

test('delivers a message from the parent window and the host origin to its handler', () => {
  host = createFakeHost();
  const handler = vi.fn();
  host.channel.on('widget-status-update', handler);
  host.channel.start();
  host.deliver('widget-status-update', { isWidgetOpen: true });
  expect(handler).toHaveBeenCalledWith(
    { isWidgetOpen: true },
    { name: 'widget-status-update', data: { isWidgetOpen: true } },
  );
});

test('ignores a message from another origin', () => {
  host = createFakeHost();
  const handler = vi.fn();
  host.channel.on('widget-status-update', handler);
  host.channel.start();
  host.deliver('widget-status-update', { isWidgetOpen: true }, { origin: 'https://evil.example' });
  expect(handler).not.toHaveBeenCalled();
});

test('ignores a message from the host origin that does not come from the parent window', () => {
  host = createFakeHost();
  const handler = vi.fn();
  host.channel.on('widget-status-update', handler);
  host.channel.start();
  host.deliver('widget-status-update', { isWidgetOpen: true }, { source: window });
  expect(handler).not.toHaveBeenCalled();
});

test('ignores payloads that are not widget -> frame messages', () => {
  host = createFakeHost();
  const handler = vi.fn();
  host.channel.on('widget-status-update', handler);
  host.channel.start();
  window.dispatchEvent(
    new MessageEvent('message', { data: '{"name":"ping"}', origin: HOST_ORIGIN, source: host.parent }),
  );
  window.dispatchEvent(new MessageEvent('message', { data: 'not json', origin: HOST_ORIGIN, source: host.parent }));
  expect(handler).not.toHaveBeenCalled();
});

test('neither sends nor accepts anything without a host origin', () => {
  host = createFakeHost({ ancestorOrigins: [], referrer: '' });
  const handler = vi.fn();
  host.channel.on('widget-status-update', handler);
  host.channel.start();
  host.deliver('widget-status-update', { isWidgetOpen: true }, { origin: '' });
  expect(host.posted).toEqual([]);
  expect(handler).not.toHaveBeenCalled();
});

test('stops delivering after unsubscribe and after stop', () => {
  host = createFakeHost();
  const first = vi.fn();
  const second = vi.fn();
  const off = host.channel.on('session-cleared', first);
  host.channel.on('session-cleared', second);
  host.channel.start();
  off();
  host.deliver('session-cleared', undefined);
  host.channel.stop();
  host.deliver('session-cleared', undefined);
  expect(first).not.toHaveBeenCalled();
  expect(second).toHaveBeenCalledTimes(1);
});

test('keeps delivering to other handlers when one throws, and reports the error', () => {
  host = createFakeHost();
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const after = vi.fn();
  host.channel.on('session-cleared', () => {
    throw new Error('boom');
  });
  host.channel.on('session-cleared', after);
  host.channel.start();
  host.deliver('session-cleared', undefined);
  expect(after).toHaveBeenCalledTimes(1);
  expect(error).toHaveBeenCalled();
  error.mockRestore();
});
