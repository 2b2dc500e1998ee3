import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findMosquitto } from './test/mosquitto-broker.ts';
import { findPostgresBin } from './test/postgres-cluster.ts';

const portalSrc = fileURLToPath(new URL('../portal/src', import.meta.url));
// The portal's world code (seeded into the database) calls the services as the portal does: `@services/...`.
const services = fileURLToPath(new URL('./src/services', import.meta.url));

/**
 * The external broker's tests (test/mosquitto) start a throw-away Mosquitto; without it installed they are left out
 * of both projects, and say why (as the postgres project does).
 */
const withoutMosquitto = findMosquitto() ? [] : ['test/mosquitto/**'];
if (withoutMosquitto.length > 0) {
  console.warn(
    'server tests: Mosquitto not found (no mosquitto in /usr/sbin or MOSQUITTO_BIN): the external broker tests ' +
      '(test/mosquitto) are skipped. Install it with `apt-get install mosquitto` to run them.',
  );
}
/**
 * Two projects: everything on PGlite, and the contract and durability suites again on a throw-away PostgreSQL
 * cluster (initdb on a free port). Without PostgreSQL installed the second project is left out, and says why.
 *
 * `isolate: false` (in each project, so it stays when the projects are listed from a root config): a worker keeps the
 * modules it has imported (Fastify, the services, the portal's world, PGlite) for the next test file of the same
 * project instead of importing the graph again per file, about 2 s of CPU each. Safe because every test file builds
 * its own server on its own database (test/helpers.ts) and the server code keeps no state at module level besides
 * pure caches (the parsed OpenAPI document, road graphs). Decision 0121.
 */
const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'pglite',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // What only a real PostgreSQL does (a server ending connections).
      exclude: ['test/postgres/**', ...withoutMosquitto],
      // One seeded database dumped once; each test server opens a copy (as the postgres project's template).
      globalSetup: ['test/pglite-global-setup.ts'],
      env: { VOLTLINE_TEST_ENGINE: 'pglite' },
      isolate: false,
      sequence: { groupOrder: 0 },
    },
  },
];
const postgresBin = findPostgresBin();
if (postgresBin) {
  projects.push({
    extends: true,
    test: {
      name: 'postgres',
      include: ['test/**/*.test.ts'],
      exclude: withoutMosquitto,
      globalSetup: ['test/postgres-global-setup.ts'],
      env: { VOLTLINE_TEST_ENGINE: 'postgres' },
      // After the PGlite project, so a worker runs one project's files in a row and keeps its modules.
      isolate: false,
      sequence: { groupOrder: 1 },
    },
  });
} else {
  console.warn(
    'server tests: PostgreSQL 15+ not found (no /usr/lib/postgresql/<major>/bin/initdb, PG_BIN unset): ' +
      'the postgres project is skipped. Install it with `apt-get install postgresql` to run it.',
  );
}

export default defineConfig({
  resolve: { alias: { '@': portalSrc, '@services': services } },
  test: {
    environment: 'node',
    // PGlite starts in a few seconds on a busy machine; the suite shares the cores with others.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    projects,
  },
});
