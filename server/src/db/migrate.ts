import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/**
 * The numbered SQL files of `migrations/`, in order. The same files migrate PGlite and PostgreSQL. A build copies the
 * folder next to the bundle, so the URL below resolves in both layouts.
 */
export function loadMigrations(dir: string = fileURLToPath(new URL('./migrations/', import.meta.url))): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE.exec(file);
      if (!match?.[1] || !match[2]) throw new Error(`Migration file "${file}" is not named NNNN_name.sql`);
      return { id: Number(match[1]), name: match[2], sql: readFileSync(`${dir}/${file}`, 'utf8') };
    })
    .sort((a, b) => a.id - b.id);
  // Numbers only rise; a gap is allowed while branches that each took a number land one by one.
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (migration.id < 1 || (previous && previous.id === migration.id)) {
      throw new Error(`Migrations must be numbered 0001, 0002, ... once each (${migration.id} is not)`);
    }
  });
  return migrations;
}

/**
 * Applies the migrations the database has not seen, each in its own transaction, forward only. Returns the ids
 * applied. A database migrated by a newer server (an id this server does not know) is refused rather than touched.
 */
export async function migrate(handle: DatabaseHandle, migrations: Migration[] = loadMigrations()): Promise<number[]> {
  return handle.withLock(async () => {
    await handle.runScript(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await handle.db.selectFrom('schema_migrations').select(['id']).execute();
    const done = new Set(rows.map((row) => row.id));
    const known = new Set(migrations.map((migration) => migration.id));
    const unknown = [...done].filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new Error(`The database has migration ${Math.max(...unknown)}, which this server does not know`);
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      const record = sql`INSERT INTO schema_migrations (id, name) VALUES (${sql.lit(migration.id)}, ${sql.lit(migration.name)})`;
      const insert = record.compile(handle.db).sql;
      try {
        await handle.runScript(`BEGIN;\n${migration.sql}\n;${insert};\nCOMMIT;`);
      } catch (error) {
        throw new Error(`Migration ${migration.id} (${migration.name}) failed: ${(error as Error).message}`);
      }
      applied.push(migration.id);
    }
    return applied;
  });
}
