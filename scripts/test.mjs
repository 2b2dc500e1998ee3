#!/usr/bin/env node
// Runs every test: type checks, lint, unit tests of every package (Vitest; the server's on PGlite and PostgreSQL), the packed
// widget, then the browser tests (Playwright) against fresh builds. Everything before the browser tests runs side by
// side (decision 0109). Closes with each step's duration and one line `tests: N passed, N failed`; exits non-zero on any
// failure.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.test-reports');
const only = process.argv.includes('--unit') ? 'unit' : process.argv.includes('--e2e') ? 'e2e' : 'all';

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];
/** Steps that failed without a failed test to show for it (typecheck, lint, a build, a runner that crashed). */
let failedSteps = 0;
/** Each step's label, seconds and outcome, for the closing summary. */
const timings = [];
/** Browser tests that passed only on their retry. */
const flaky = [];
/** Every failed test by name, with the first line of its error: the closing lines are all a CI log may keep. */
const failures = [];
/** The first line of an error message, without colour codes, at most 200 characters. */
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? '';
const started = Date.now();

/**
 * Runs one step. A step that runs alone streams its output; steps that run side by side write to a log each, printed
 * whole when the step ends, so their lines never interleave.
 */
function step(label, cmd, args, { cwd = root, env = {}, quiet = false } = {}) {
  const t0 = Date.now();
  const log = join(reports, `${label.replace(/[^a-z0-9]+/gi, '-')}.log`);
  if (!quiet) console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let out;
    if (quiet) {
      out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      const ok = code === 0;
      timings.push({ label, seconds, ok });
      if (!ok) problems.push(`${label} (exit ${code ?? signal})`);
      const finish = () => {
        if (quiet) {
          console.log(`\n=== ${label}: ${cmd} ${args.join(' ')} (${seconds.toFixed(0)} s)`);
          process.stdout.write(readFileSync(log, 'utf8'));
        }
        resolve(ok);
      };
      if (out) out.end(finish);
      else finish();
    });
  });
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

const checked = async (promise) => {
  if (!(await promise)) failedSteps += 1;
};

/**
 * The builds the browser tests and the package test need: the widget first, then side by side the messenger, the
 * portal's demo build (served by the suite) and its production build (`portal/dist`, served by the Fleet API server
 * that specs/server runs against).
 */
async function builds() {
  if (!(await step('build sdk', 'pnpm', ['--filter', '@voltline/widget', 'build'], { quiet: true }))) return false;
  const results = await Promise.all([
    step('build messenger', 'pnpm', ['--filter', '@voltline/messenger', 'build'], { quiet: true }),
    step('build portal (demo)', 'pnpm', ['--filter', '@voltline/portal', 'build:demo'], { quiet: true }),
    step('build portal (production)', 'pnpm', ['--filter', '@voltline/portal', 'build'], { quiet: true }),
  ]);
  return results.every(Boolean);
}

/**
 * One package's unit tests (Vitest, from the package's folder and config), or one Vitest project of it (`project`,
 * its name in the package's config, or a pattern of names with `*`).
 */
async function unitTests(name, project) {
  const label = project ? `${name} (${project})` : name;
  const out = join(reports, `vitest-${label.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const ok = await step(
    `unit ${label}`,
    'pnpm',
    // Vitest 4.1 runs one worker on a 2-core machine unless told (its default leaves a core free): every core here.
    [
      'exec',
      'vitest',
      'run',
      ...(project ? ['--project', project] : []),
      `--maxWorkers=${availableParallelism()}`,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { cwd: join(root, name), quiet: true },
  );
  const json = readJson(out);
  for (const file of json?.testResults ?? []) {
    const path = file.name?.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${path} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    // A file that failed to load has no test results, only its message.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${path}: ${firstLine(file.message)}`);
    }
  }
  count(`unit ${label}`, ok, json, json?.numPassedTests ?? 0, json?.numFailedTests ?? 0);
}

/**
 * Two lanes that keep both cores busy to the end: each lane takes the next run from one queue, longest first (clean-clone
 * CI of session 22: the portal's rendered page tests 473 s, server 226 s, sdk 131 s, the portal's plain tests 63 s,
 * messenger 18 s). A lane that ends its run early takes the next one, so a run that got faster or slower never leaves
 * a core idle while the other lane still has a queue.
 */
async function allUnitTests() {
  // `portal (rendered*` is both rendered projects: the files that share a worker and those that mock a module (0133).
  // The widget's files share a worker since session 25 (decision 0119): about 45 s, after the portal's plain tests.
  const queue = [['portal', 'portal (rendered*'], ['server'], ['portal', 'portal'], ['sdk'], ['messenger']];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await unitTests(...next);
  };
  await Promise.all([lane(), lane()]);
}

/** The browser tests' own checks (every selector in e2e/selectors.ts): Node's test runner, no browser needed. */
async function e2eChecks() {
  const tap = join(reports, 'e2e-unit.tap');
  const ok = await step(
    'unit e2e',
    'node',
    ['--test', '--test-reporter=tap', `--test-reporter-destination=${tap}`, 'e2e/selectors-usage.test.mjs'],
    { quiet: true },
  );
  const summary = existsSync(tap) ? readFileSync(tap, 'utf8') : null;
  const tally = (word) => Number(summary?.match(new RegExp(`^# ${word} (\\d+)$`, 'm'))?.[1] ?? 0);
  count('unit e2e', ok, summary, tally('pass'), tally('fail'));
}

async function browserTests() {
  const out = join(reports, 'playwright.json');
  const [portal, messenger, host, fleetServer] = await freePorts(4);
  const ok = await step('browser tests', 'pnpm', ['exec', 'playwright', 'test', '--reporter=dot,json'], {
    cwd: join(root, 'e2e'),
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      E2E_PORTAL_PORT: String(portal),
      E2E_MESSENGER_PORT: String(messenger),
      E2E_WIDGET_HOST_PORT: String(host),
      E2E_FLEET_SERVER_PORT: String(fleetServer),
    },
  });
  const json = existsSync(out) ? readJson(out) : null;
  const stats = json?.stats;
  // Tests that failed first and passed on their retry (CI only): named in the summary, never hidden.
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.map((t) => ({ name: `${spec.file} › ${spec.title}`, t }))),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  for (const { name, t } of (json?.suites ?? []).flatMap(walk)) {
    if (t.status === 'flaky') flaky.push(name);
    if (t.status === 'unexpected') {
      const error = t.results?.at(-1)?.error?.message ?? t.results?.at(-1)?.errors?.[0]?.message;
      failures.push(`${name}: ${firstLine(error)}`);
    }
  }
  count('browser tests', ok, stats, (stats?.expected ?? 0) + (stats?.flaky ?? 0), stats?.unexpected ?? 0);
}

// 1. Everything that needs no browser, side by side: type checks and lint (one core each, briefly), the builds (the
// widget first, then the messenger and the portal) and then the packed widget's check, and the unit tests in two lanes.
const first = [];
if (only !== 'e2e') {
  first.push(checked(step('typecheck', 'pnpm', ['-r', '--workspace-concurrency=2', 'typecheck'], { quiet: true })));
  first.push(checked(step('lint', 'pnpm', ['exec', 'biome', 'lint', '.'], { quiet: true })));
  first.push(allUnitTests(), e2eChecks());
}
const built = only === 'unit' ? Promise.resolve(false) : builds();
if (only !== 'unit') {
  first.push(
    built.then((ok) => {
      if (!ok) {
        failedSteps += 1;
        return;
      }
      return checked(
        step('package sdk (packed tarball)', 'pnpm', ['--filter', '@voltline/widget', 'test:package'], { quiet: true }),
      );
    }),
  );
}
await Promise.all([...first, built]);

// 2. The browser tests (both cores).
if (only !== 'unit' && (await built)) await browserTests();

// A step that failed (typecheck, lint, a build, a runner that wrote no report) counts as failed in the closing line, so
// it can never read `0 failed` while something is red.
console.log('\nstep durations:');
for (const t of timings) console.log(`  ${t.ok ? 'ok  ' : 'FAIL'} ${t.seconds.toFixed(0).padStart(5)} s  ${t.label}`);
console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const f of flaky) console.log(`flaky (passed on its retry): ${f}`);
console.log('');
for (const f of failures) console.log(`failed test: ${f}`);
for (const p of problems) console.log(`failed step: ${p}`);
console.log(`tests: ${passed} passed, ${failed + failedSteps} failed`);
process.exit(problems.length || failed ? 1 : 0);
