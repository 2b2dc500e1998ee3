import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. WebGL (maps) runs on SwiftShader; pages are composited in software.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The suite's own ports, never the demo's (4173): `scripts/test.mjs` picks free ones and passes them in the environment;
 * a direct `playwright test` uses 4373/4390/4391/4392. Servers are never reused: a port already taken fails the run
 * loudly instead of testing whatever build another process serves there (`npm start`'s 8080, the demo's 4173).
 */
export const PORTS = {
  portal: Number(process.env.E2E_PORTAL_PORT ?? 4373),
  messenger: Number(process.env.E2E_MESSENGER_PORT ?? 4390),
  widgetHost: Number(process.env.E2E_WIDGET_HOST_PORT ?? 4391),
  fleetServer: Number(process.env.E2E_FLEET_SERVER_PORT ?? 4392),
} as const;
// The specs read their URLs from these (workers inherit the environment).
process.env.PORTAL_URL ??= `http://127.0.0.1:${PORTS.portal}`;
process.env.MESSENGER_URL ??= `http://127.0.0.1:${PORTS.messenger}/`;
process.env.WIDGET_HOST_ORIGIN ??= `http://127.0.0.1:${PORTS.widgetHost}`;
process.env.FLEET_SERVER_URL ??= `http://127.0.0.1:${PORTS.fleetServer}`;
// One id per run (workers inherit it): a harness page that several specs serve is built once per run (servers/portal-harness.mjs).
process.env.E2E_RUN_ID ??= `${process.pid}-${Date.now()}`;

/**
 * The Fleet API server as `npm start` runs it (the production portal build, `/api`, MQTT at `/mqtt`) for specs/server:
 * PGlite in a throw-away DATA_DIR, 60 seeded vehicles (servers/fleet-server.mjs). Needs `portal/dist` (`scripts/test.mjs`
 * builds it). Stopped with SIGTERM so that it closes its database and removes its DATA_DIR.
 */
export const FLEET_SERVER = {
  command: `node servers/fleet-server.mjs --port ${PORTS.fleetServer} --vehicles 60`,
  // From this folder also when a config of a subfolder (specs/server) starts it.
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  url: `http://127.0.0.1:${PORTS.fleetServer}/api/health`,
  reuseExistingServer: false,
  // Migrating and seeding an empty PGlite takes about 20 s on a busy 2-core machine.
  timeout: 120_000,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
} satisfies NonNullable<PlaywrightTestConfig['webServer']>;

/** Options of `playwright test` (1.65) whose value is the next argument. */
const VALUE_OPTIONS = new Set([
  ...['--add-reporter', '--browser', '-c', '--config', '--global-timeout', '-g', '--grep', '-G', '--grep-invert'],
  ...['--max-failures', '--output', '--repeat-each', '--reporter', '--retries', '--run-agents', '--shard', '--timeout'],
  ...['--trace', '--tsconfig', '--ui-host', '--ui-port', '--update-source-method', '-j', '--workers'],
]);
/** Options after which the files of the run cannot be told from the command line (optional or variadic values, lists). */
const UNKNOWN_FILES =
  /^(--project|--debug|--only-changed|--shuffle|-u|--update-snapshots|--last-failed|--last-failed-file|--test-list|--test-list-invert|--ui)(=|$)/;

/**
 * Whether this `playwright test` may run a spec of specs/server (which needs the Fleet API server): yes unless every file
 * filter on the command line (a regular expression on the file's path, `file:line` allowed, as Playwright reads them)
 * matches none of specs/server's files. No filter, another command, or an option that hides the files: yes.
 */
export function mayRunServerSpecs(argv: readonly string[] = process.argv): boolean {
  if (argv[2] !== 'test') return true;
  const filters: string[] = [];
  const args = argv.slice(3);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      filters.push(...args.slice(i + 1));
      break;
    }
    if (UNKNOWN_FILES.test(arg)) return true;
    if (arg.startsWith('-')) {
      if (VALUE_OPTIONS.has(arg)) i++;
      continue;
    }
    filters.push(arg);
  }
  if (filters.length === 0) return true;
  const dir = fileURLToPath(new URL('./specs/server/', import.meta.url));
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file));
  return filters.some((filter) => {
    const source = /^(.*?):(\d+):?(\d+)?$/.exec(filter)?.[1] ?? filter;
    const literal = /^\/(.*)\/([gi]*)$/.exec(source);
    let re: RegExp;
    try {
      re = literal ? new RegExp(literal[1] as string, (literal[2] ?? '').replace('g', '')) : new RegExp(source, 'i');
    } catch {
      return true;
    }
    return files.some((file) => re.test(file));
  });
}

export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // Three workers on two cores unless told (E2E_WORKERS): with two, a third of the cores sat idle while tests waited on
  // live updates and timers (clean-clone CI, session 24: browser step 581-610 s with two, 536 s with three, no flaky
  // test; decision 0120).
  workers: Number(process.env.E2E_WORKERS) || 3,
  // One retry on CI, where the suite shares 2 cores with nothing else to wait for; `npm test` names every test that
  // passed only on its retry, so a flaky test is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  outputDir: './.artifacts/results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--enable-unsafe-swiftshader',
        '--use-angle=swiftshader',
        // WebGL (maps) stays on SwiftShader, but pages are composited in software: composited through SwiftShader, the
        // GPU process cost a third of the suite's CPU, every page and every frame (decision 0120, session 23).
        '--disable-gpu-compositing',
      ],
    },
  },
  webServer: [
    {
      command: `node servers/static.mjs --port ${PORTS.portal} --root ../portal/dist-demo --spa --mount /messenger=../messenger/dist --mount /widget=../sdk/dist/umd`,
      url: `http://127.0.0.1:${PORTS.portal}/`,
      reuseExistingServer: false,
    },
    {
      command: `node servers/static.mjs --port ${PORTS.messenger} --root ../messenger/dist`,
      url: `http://127.0.0.1:${PORTS.messenger}/`,
      reuseExistingServer: false,
    },
    {
      command: `node servers/static.mjs --port ${PORTS.widgetHost} --root ./specs/widget --mount /sdk=../sdk/dist`,
      url: `http://127.0.0.1:${PORTS.widgetHost}/sdk/index.js`,
      reuseExistingServer: false,
    },
    // Migrating and seeding its database costs 15 to 20 CPU-s: only for a run that may hold a server spec.
    ...(mayRunServerSpecs() ? [FLEET_SERVER] : []),
  ],
});
