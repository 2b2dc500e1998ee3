#!/usr/bin/env node
// Runs every test: type checks, lint, unit tests of each package (Vitest), then the browser tests (Playwright)
// against fresh builds. Prints one closing line `tests: N passed, N failed` and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.test-reports');
const only = process.argv.includes('--unit') ? 'unit' : process.argv.includes('--e2e') ? 'e2e' : 'all';
const UNIT_PACKAGES = ['sdk', 'messenger', 'portal', 'server'];

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
/** Steps that failed without a failed test to show for it (typecheck, lint, a build, a runner that crashed). */
let failedSteps = 0;

function step(label, cmd, args, cwd = root, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${label} (exit ${r.status ?? r.signal})`);
  return r.status === 0;
}

/** Adds a runner's counts; a runner that exited non-zero with no failed test (or no report) is one failure. */
function count(label, ok, report, passes, failures) {
  if (!report) {
    problems.push(`${label}: no report`);
    failedSteps += 1;
    return;
  }
  passed += passes;
  failed += failures;
  if (!ok && failures === 0) failedSteps += 1;
}

/**
 * `n` distinct ports nothing listens on now (all held open together, then released): the browser tests never use the
 * demo's port or a server they did not start.
 */
async function freePorts(n) {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (only !== 'e2e') {
  if (!step('typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'typecheck'])) failedSteps += 1;
  if (!step('lint', 'pnpm', ['exec', 'biome', 'lint', '.'])) failedSteps += 1;
  for (const name of UNIT_PACKAGES) {
    const out = join(reports, `vitest-${name}.json`);
    const ok = step(
      `unit ${name}`,
      'pnpm',
      ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
      join(root, name),
    );
    const json = readJson(out);
    count(`unit ${name}`, ok, json, json?.numPassedTests ?? 0, json?.numFailedTests ?? 0);
  }
  // The browser tests' own checks (every selector in e2e/selectors.ts): Node's test runner, no browser needed.
  const tap = join(reports, 'e2e-unit.tap');
  const ok = step('unit e2e', 'node', [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    'e2e/selectors-usage.test.mjs',
  ]);
  const summary = existsSync(tap) ? readFileSync(tap, 'utf8') : null;
  const tally = (word) => Number(summary?.match(new RegExp(`^# ${word} (\\d+)$`, 'm'))?.[1] ?? 0);
  count('unit e2e', ok, summary, tally('pass'), tally('fail'));
}

if (only !== 'unit') {
  const built =
    step('build sdk', 'pnpm', ['--filter', '@voltline/widget', 'build']) &&
    step('build messenger', 'pnpm', ['--filter', '@voltline/messenger', 'build']) &&
    step('build portal (demo)', 'pnpm', ['--filter', '@voltline/portal', 'build:demo']);
  if (!step('package sdk (packed tarball)', 'pnpm', ['--filter', '@voltline/widget', 'test:package'])) failedSteps += 1;
  if (built) {
    const out = join(reports, 'playwright.json');
    const [portal, messenger, host] = await freePorts(3);
    const ok = step(
      'browser tests',
      'pnpm',
      ['exec', 'playwright', 'test', '--reporter=list,json'],
      join(root, 'e2e'),
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        E2E_PORTAL_PORT: String(portal),
        E2E_MESSENGER_PORT: String(messenger),
        E2E_WIDGET_HOST_PORT: String(host),
      },
    );
    const json = existsSync(out) ? readJson(out) : null;
    const stats = json?.stats;
    count('browser tests', ok, stats, (stats?.expected ?? 0) + (stats?.flaky ?? 0), stats?.unexpected ?? 0);
  } else failedSteps += 1;
}

// A step that failed (typecheck, lint, a build, a runner that wrote no report) counts as failed in the closing line, so
// it can never read `0 failed` while something is red.
console.log('');
for (const p of problems) console.log(`failed step: ${p}`);
console.log(`tests: ${passed} passed, ${failed + failedSteps} failed`);
process.exit(problems.length || failed ? 1 : 0);
