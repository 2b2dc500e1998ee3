#!/usr/bin/env node
// Runs every test: type checks, lint, unit tests of each package (Vitest), then the browser tests (Playwright)
// against fresh builds. Prints one closing line `tests: N passed, N failed` and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.test-reports');
const only = process.argv.includes('--unit') ? 'unit' : process.argv.includes('--e2e') ? 'e2e' : 'all';
const UNIT_PACKAGES = ['sdk', 'messenger', 'portal'];

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];

function step(label, cmd, args, cwd = root, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${label} (exit ${r.status ?? r.signal})`);
  return r.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (only !== 'e2e') {
  step('typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'typecheck']);
  step('lint', 'pnpm', ['exec', 'biome', 'lint', '.']);
  for (const name of UNIT_PACKAGES) {
    const out = join(reports, `vitest-${name}.json`);
    step(`unit ${name}`, 'pnpm', ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`], join(root, name));
    const json = readJson(out);
    if (json) {
      passed += json.numPassedTests ?? 0;
      failed += json.numFailedTests ?? 0;
    } else problems.push(`unit ${name}: no report`);
  }
}

if (only !== 'unit') {
  const built =
    step('build sdk', 'pnpm', ['--filter', '@voltline/widget', 'build']) &&
    step('build messenger', 'pnpm', ['--filter', '@voltline/messenger', 'build']) &&
    step('build portal (demo)', 'pnpm', ['--filter', '@voltline/portal', 'build:demo']);
  step('package sdk (packed tarball)', 'pnpm', ['--filter', '@voltline/widget', 'test:package']);
  if (built) {
    const out = join(reports, 'playwright.json');
    step('browser tests', 'pnpm', ['exec', 'playwright', 'test', '--reporter=list,json'], join(root, 'e2e'), {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    const json = existsSync(out) ? readJson(out) : null;
    if (json?.stats) {
      passed += (json.stats.expected ?? 0) + (json.stats.flaky ?? 0);
      failed += json.stats.unexpected ?? 0;
    } else problems.push('browser tests: no report');
  }
}

console.log('');
for (const p of problems) console.log(`failed step: ${p}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
