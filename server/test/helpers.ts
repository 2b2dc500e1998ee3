import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database';
import { createServiceDeps, type ServiceDeps } from '../src/deps';
import { createApp } from '../src/http/app';
import { prepareDatabase } from '../src/start';
import { DEFAULT_REFERENCE_TIME } from '@/mocks/world/seeders/context';
import { TEST_VEHICLES } from './test-world';

/** Which engine this test project runs on (vitest.config.ts sets it per project). */
export const ENGINE = process.env.VOLTLINE_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** The directory this server keeps uploads in (its DATA_DIR for files). */
  uploadDir: string;
  /** Signs in as the demo account of a role (`<role>@voltline.demo`) and answers its bearer token. */
  tokenOf(role: string): Promise<string>;
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** What the services published to the broker (a fake that records the calls): sent commands' requests. */
  published: { topic: string; message: unknown }[];
  /** The services' dependencies the server runs on. */
  deps: ServiceDeps;
  close(): Promise<void>;
}

/** The seeded PGlite template's bytes, read once per worker (a Blob is immutable; each open copies it into its own FS). */
const pgliteTemplates = new Map<string, Promise<Blob>>();
function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  let template = pgliteTemplates.get(file);
  if (!template) {
    template = readFile(file).then((bytes) => new Blob([bytes]));
    pgliteTemplates.set(file, template);
  }
  return template;
}

/**
 * A fresh database on this project's engine: PGlite in memory, or on PostgreSQL a copy of the seeded template (an
 * empty one when `empty`: nothing migrated or seeded). `drop` removes it (PostgreSQL) after `database.close()`.
 */
export async function openTestDatabase(empty: boolean): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  if (ENGINE === 'pglite') {
    // The seeded template (pglite-global-setup.ts), or an empty database.
    const loadDataDir = empty ? undefined : await pgliteTemplate();
    return { database: await openPglite(undefined, { loadDataDir }), drop: async () => undefined };
  }
  const serverUrl = inject('postgresUrl');
  const name = `t_${crypto.randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${empty ? '' : ' TEMPLATE voltline_template'}`);
  await admin.end();
  return {
    database: openPostgres(serverUrl.replace(/\/postgres$/, `/${name}`)),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A server on a fresh, seeded database (PGlite in memory, or a copy of the PostgreSQL template), called by inject. */
export async function createTestServer(
  env: Record<string, string> = {},
  options: {
    /** Where published messages go besides `published` (a real broker's publish, once it has started). */
    publish?: (topic: string, message: unknown) => void | Promise<void>;
  } = {},
): Promise<TestServer> {
  // The world's fixed default "now" (as the PostgreSQL template is seeded), so tests' dates never drift.
  const config = loadConfig({
    SEED_VEHICLES: String(TEST_VEHICLES),
    SEED_TIME: new Date(DEFAULT_REFERENCE_TIME).toISOString(),
    DATA_DIR: '/nonexistent',
    ...env,
  });
  const { database, drop } = await openTestDatabase(config.seed === 'none');
  await prepareDatabase(database, config, () => undefined);
  const published: TestServer['published'] = [];
  // Uploads (company logos) go to a temporary directory of this server, removed on close.
  const uploadDir = await mkdtemp(join(tmpdir(), 'voltline-test-'));
  const deps = createServiceDeps(database.db, {
    publish: (topic, message) => {
      published.push({ topic, message });
      return options.publish?.(topic, message);
    },
    dataDir: uploadDir,
  });
  const app = await createApp({ config, database, deps, broker: { isUp: () => true } });
  await app.ready();
  const tokens = new Map<string, string>();
  const call: TestServer['call'] = ({ token, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { ...headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    });
  return {
    app,
    database,
    config,
    uploadDir,
    call,
    published,
    deps,
    async tokenOf(role) {
      const known = tokens.get(role);
      if (known) return known;
      const response = await call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${role.toLowerCase()}@voltline.demo`, password: 'demo1234' },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in as ${role} answered ${response.statusCode}: ${response.body}`);
      const token = (response.json() as { token: string }).token;
      tokens.set(role, token);
      return token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
