import { resolve } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { capturePort } from './capture-port';

const CHUNKS = ['snapshot', 'replay', 'editor', 'describe-capture'] as const;

afterEach(() => {
  for (const name of CHUNKS) vi.doUnmock(`../capture/${name}`);
  vi.resetModules();
});

test('each capture chunk loads through the port', async () => {
  expect(typeof (await capturePort.snapshot())?.takeSnapshot).toBe('function');
  expect(typeof (await capturePort.replay())?.getReplayPayload).toBe('function');
  expect(typeof (await capturePort.editor())?.openCaptureEditor).toBe('function');
  expect(typeof (await capturePort.describe())?.summarizeCapture).toBe('function');
});

test('a capture chunk that fails to load resolves to null, so reports go out without it', async () => {
  for (const name of CHUNKS)
    vi.doMock(`../capture/${name}`, () => {
      throw new Error('chunk failed to load');
    });
  expect(await capturePort.snapshot()).toBeNull();
  expect(await capturePort.replay()).toBeNull();
  expect(await capturePort.editor()).toBeNull();
  expect(await capturePort.describe()).toBeNull();
});
