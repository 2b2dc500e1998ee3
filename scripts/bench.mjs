#!/usr/bin/env node
// Runs every benchmark that exists and prints `bench: <id> <value> <unit> budget <budget> ok|OVER` per figure,
// writing the same figures to bench-results.json. Benchmarks live in bench/*.bench.mjs and export `run()`.
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'bench');
const results = [];
// Each benchmark starts from the environment this script was given: a bench that starts Vite in this process (the
// list bench's stub server) sets NODE_ENV=development, and every later build (the portal's size, the map harnesses)
// would otherwise be a development build with React's development bundles.
const startEnv = { ...process.env };
function restoreEnv() {
  for (const key of Object.keys(process.env)) if (!(key in startEnv)) delete process.env[key];
  Object.assign(process.env, startEnv);
}

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  const mod = await import(pathToFileURL(join(dir, file)).href);
  try {
    for (const fig of await mod.run({ root })) {
      const ok = fig.compare === 'max' || fig.compare === undefined ? fig.value <= fig.budget : fig.value >= fig.budget;
      const line = `bench: ${fig.id} ${fig.value} ${fig.unit} budget ${fig.budget} ${ok ? 'ok' : 'OVER'}`;
      console.log(line);
      results.push({ ...fig, ok });
    }
  } catch (err) {
    console.error(`bench: ${file} failed: ${err?.stack ?? err}`);
    process.exitCode = 1;
  } finally {
    restoreEnv();
  }
}
writeFileSync(join(root, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
