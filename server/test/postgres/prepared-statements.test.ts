import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { type DatabaseHandle, type Db, openPostgres } from '../../src/db/database';
import { preparedRows } from '../../src/db/prepared-statements';

// The caller's lookup runs as a named statement on PostgreSQL (decision 0122, Session 24). PostgreSQL only: PGlite
// runs the marked statement unnamed, as every other.
let database: DatabaseHandle;
let admin: pg.Client;
const url = () => inject('postgresUrl');

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url() });
  await admin.connect();
  await admin.query('CREATE TABLE IF NOT EXISTS prepared_probe (id int PRIMARY KEY, name text)');
  await admin.query("INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two') ON CONFLICT DO NOTHING");
  database = openPostgres(url());
});

afterAll(async () => {
  await database.close();
  await admin.query('DROP TABLE IF EXISTS prepared_probe');
  await admin.end();
});

// biome-ignore lint/suspicious/noExplicitAny: a table of the test's own, outside the schema's types
const probe = (db: Db) => (db as any).selectFrom('prepared_probe').selectAll().where('id', '=', 2);
const prepared = async (db: Db) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(db)).rows[0]?.n;

test('a marked statement is prepared once per connection and answers as the unmarked one', async () => {
  await database.db.connection().execute(async (db) => {
    const before = await prepared(db);
    const plain = (await probe(db).execute()) as unknown[];
    expect(await preparedRows(db, probe(db))).toEqual(plain);
    expect(await preparedRows(db, probe(db))).toEqual(plain);
    expect(await prepared(db)).toBe((before ?? 0) + 1);
    expect(plain).toEqual([{ id: 2, name: 'two' }]);
  });
});

test('inside a transaction the statement runs unnamed', async () => {
  await database.db.transaction().execute(async (trx) => {
    const before = await prepared(trx);
    expect(await preparedRows(trx, probe(trx))).toEqual([{ id: 2, name: 'two' }]);
    expect(await prepared(trx)).toBe(before);
  });
});

test("a column another server's migration adds under a prepared `SELECT *` does not fail the request", async () => {
  await database.db.connection().execute(async (db) => {
    expect(await preparedRows(db, probe(db))).toEqual([{ id: 2, name: 'two' }]);
    await admin.query('ALTER TABLE prepared_probe ADD COLUMN IF NOT EXISTS added int DEFAULT 7');
    // PostgreSQL refuses the old name ("cached plan must not change result type"); the statement gets a new one.
    expect(await preparedRows(db, probe(db))).toEqual([{ id: 2, name: 'two', added: 7 }]);
    expect(await preparedRows(db, probe(db))).toEqual([{ id: 2, name: 'two', added: 7 }]);
  });
});
