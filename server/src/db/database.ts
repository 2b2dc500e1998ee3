import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { preparingPool } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** One database: Kysely for queries, plus what Kysely does not do (multi-statement scripts, closing the engine). */
export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs a script of several statements (a migration) on one connection; an open transaction is rolled back on error. */
  runScript(script: string): Promise<void>;
  /** Runs `work` on one connection holding a session-level advisory lock (one migrator at a time across replicas). */
  withLock<T>(work: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole database as one uncompressed tar (a backup, or a template the tests open copies of). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Where the embedded database keeps its files under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** A pg client returns bigint and numeric columns as strings; count(*) is cast to int in queries instead. */
export function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the database ends (a restart, a failover, an administrator's command) is an 'error' of the pool:
  // without a listener Node ends the process. The pool drops that connection and opens a new one when next needed.
  pool.on('error', (error) => {
    console.warn(`database: an idle connection ended (${error.message}); the next query opens a new one`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    db,
    engine: 'postgres',
    async runScript(script) {
      const client = await pool.connect();
      try {
        await client.query(script);
      } catch (error) {
        // A failed script may leave its transaction open and aborted: end it before the client goes back to the pool.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async withLock(work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(7211)');
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(7211)');
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/** PGlite with its files under `dir`, or in memory when `dir` is undefined (tests). */
export async function openPglite(
  dir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (dir !== undefined) mkdirSync(dir, { recursive: true });
  // The extensions the migrations create must be loaded into PGlite's build first. `loadDataDir` starts from a dump
  // (`dumpDataDir`) instead of an empty cluster.
  const settings = { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) };
  const pglite = dir === undefined ? new PGlite(settings) : new PGlite(dir, settings);
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    async runScript(script) {
      // Through Kysely's connection queue, so no query of another request runs inside the script's transaction.
      await db.connection().execute(async () => {
        try {
          await pglite.exec(script);
        } catch (error) {
          await pglite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
    // One process owns a PGlite directory, so there is no other migrator to wait for.
    withLock: (work) => work(),
    // A checkpoint first: a copy opened from the dump then starts without replaying the WAL written since the last
    // checkpoint (the seeding's), about 0.08 CPU-s less per open (decision 0135, Session 25).
    async dumpDataDir() {
      await pglite.exec('CHECKPOINT');
      return pglite.dumpDataDir('none');
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** True when a trivial query answers (the health check). */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
