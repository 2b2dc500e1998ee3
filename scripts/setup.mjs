#!/usr/bin/env node
// Makes a fresh machine ready: the pinned pnpm, the workspace packages, (with --browser) Debian's Chromium and (with
// --postgres) Debian's PostgreSQL, whose initdb the server's tests use for a throw-away cluster, and (with --mosquitto)
// Debian's Mosquitto, the external broker the server's tests start a throw-away one of (server/test/mosquitto).
// Needs only Node 20 and npm. Safe to run again: each step is skipped when already done.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');
const wantPostgres = process.argv.includes('--postgres');
const wantMosquitto = process.argv.includes('--mosquitto');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = pkg.packageManager.split('@')[1];

function run(cmd, opts = {}) {
  console.log(`setup: ${cmd}`);
  execSync(cmd, { stdio: 'inherit', cwd: root, ...opts });
}

function version(cmd) {
  const r = spawnSync(cmd, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`setup: Node ${process.versions.node} is too old; Voltline needs Node 20.19 or newer.`);
  process.exit(1);
}

if (version('pnpm') !== pnpmVersion) run(`npm i -g pnpm@${pnpmVersion}`);

const lockedInstall = process.env.CI ? 'pnpm install --frozen-lockfile' : 'pnpm install --prefer-offline';
const stamp = join(root, 'node_modules', '.modules.yaml');
if (process.env.CI || !existsSync(stamp)) run(lockedInstall);
else run(`${lockedInstall} --reporter=silent`);

if (wantBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot && existsSync('/usr/bin/apt-get')) {
      run('apt-get update -qq');
      run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
    } else {
      console.error(
        `setup: Chromium is missing at ${chromium}. Install Debian's chromium package (as root: apt-get install -y chromium)`,
      );
      console.error('setup: or set CHROMIUM_PATH to a Chromium binary.');
      process.exit(1);
    }
  }
}

if (wantPostgres) {
  const hasInitdb =
    existsSync('/usr/lib/postgresql') || (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb')));
  if (!hasInitdb) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot && existsSync('/usr/bin/apt-get')) {
      run('apt-get update -qq');
      // The package's own cluster is not needed: the tests start their own with initdb.
      run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql');
    } else {
      // Not fatal: the server's tests then run on PGlite only and say why.
      console.warn(
        "setup: PostgreSQL is missing; install Debian's postgresql package (or set PG_BIN) for the server's PostgreSQL tests.",
      );
    }
  }
}

if (wantMosquitto) {
  const hasMosquitto =
    existsSync('/usr/sbin/mosquitto') ||
    (process.env.MOSQUITTO_BIN && existsSync(join(process.env.MOSQUITTO_BIN, 'mosquitto')));
  if (!hasMosquitto) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot && existsSync('/usr/bin/apt-get')) {
      run('apt-get update -qq');
      // Its own service is not needed (and not started in a container): the tests start their own broker.
      run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mosquitto');
    } else {
      // Not fatal, as PostgreSQL: the server's external broker tests are then left out and say why.
      console.warn(
        "setup: Mosquitto is missing; install Debian's mosquitto package (or set MOSQUITTO_BIN) for the server's external broker tests.",
      );
    }
  }
}
