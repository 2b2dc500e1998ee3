import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { capturePort } from './capture-port';

// vitest runs from the package folder
const captureDir = resolve(process.cwd(), 'src/capture/');

test('a missing capture chunk resolves to null, so reports go out without a screenshot or replay', async () => {
  if (existsSync(`${captureDir}/snapshot.ts`)) return; // once merged, lazy-boundary.test.ts checks that the chunks stay lazy
  expect(await capturePort.snapshot()).toBeNull();
  expect(await capturePort.replay()).toBeNull();
  expect(await capturePort.editor()).toBeNull();
});
