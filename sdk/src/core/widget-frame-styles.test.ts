import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { FRAME, KEY, createTestServer, resetWidget } from '../test/widget-harness';

// A file of its own: the frame's rules, once loaded, stay loaded for the page (the module is cached), so this needs a
// page where no frame was created yet.
const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => resetWidget(mock));
afterEach(() => {
  Gleap.setStyleNonce('');
  resetWidget(mock);
});

const shadow = () => document.querySelector('voltline-widget')!.shadowRoot!;
// a nonce puts the stylesheet in a <style> element, where the test can read it
const sheet = () => shadow().querySelector('style')!.textContent!;

test('the frame container is not displayed until its rules, loaded with the frame, are in the stylesheet', async () => {
  Gleap.setStyleNonce('n0nce');
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  expect(sheet()).toContain('.frame{display:none}');
  expect(sheet()).not.toContain('.frame{position:fixed');
  shadow().querySelector('button')!.click();
  expect(shadow().querySelector('iframe')!.getAttribute('src')).toBe(FRAME);
  await vi.waitFor(() => expect(sheet()).toContain('.frame{position:fixed'));
  expect(sheet()).not.toContain('.frame{display:none}');
});
