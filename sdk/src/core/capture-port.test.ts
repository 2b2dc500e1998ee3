import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { capturePort } from './capture-port';

// vitest runs from the package folder
const captureDir = resolve(process.cwd(), 'src/capture/');
const portSource = readFileSync(resolve(process.cwd(), 'src/core/capture-port.ts'), 'utf8');

test('a missing capture chunk resolves to null, so reports go out without a screenshot or replay', async () => {
  if (existsSync(`${captureDir}/snapshot.ts`)) return; // once merged, the next test takes over
  expect(await capturePort.snapshot()).toBeNull();
  expect(await capturePort.replay()).toBeNull();
  expect(await capturePort.editor()).toBeNull();
});

test('once the capture chunks exist, the port imports each of them with a literal import() so bundlers split them', () => {
  for (const name of ['snapshot', 'replay', 'editor']) {
    if (!existsSync(`${captureDir}/${name}.ts`)) continue;
    expect(portSource, `capture-port.ts must import('../capture/${name}') literally`).toContain(
      `import('../capture/${name}')`,
    );
  }
});
