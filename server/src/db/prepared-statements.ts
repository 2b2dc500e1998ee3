import type { Compilable, CompiledQuery, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { Db } from './database';

/**
 * Prepared statements for the statement every request makes: the caller's lookup (decision 0122, Session 24). The pg
 * driver sends every other statement unnamed, so PostgreSQL parses, analyses and plans it again each time; a marked
 * statement gets a name on each connection the first time it runs there and is only bound and executed afterwards.
 * After five runs PostgreSQL may keep one generic plan for it (`plan_cache_mode` left at `auto`), which is only right
 * for a statement whose best plan does not depend on its values: the caller's lookup is by unique keys. The vehicle
 * list's statements are not marked: their plans depend on the filters' values, the page's offset and limit.
 *
 * The mark is a comment at the head of the SQL, so the statement runs the same (unnamed) on PGlite, whose query
 * interface has no named statements.
 */
export const PREPARE_MARK = '/* prepare */ ';

/** Distinct statements named per process (each connection prepares each at most once); past it, unnamed. */
export const MAX_PREPARED = 20;

/** The rows of a query as a prepared statement where the database allows it (not inside a transaction). */
export async function preparedRows<R>(db: Db, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  if (db.isTransaction) return (await db.executeQuery(compiled)).rows;
  const marked: CompiledQuery<R> = { ...compiled, sql: PREPARE_MARK + compiled.sql };
  return (await db.executeQuery(marked)).rows;
}

/** PostgreSQL's answer when a named statement's result columns changed under it (a migration added a column). */
function resultTypeChanged(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    String((error as { message?: unknown }).message).includes('cached plan must not change result type')
  );
}

/**
 * A pg pool whose clients run marked statements (`preparedRows`) as named ones. A name stands for one text in this
 * process; a statement that another server's migration changed under a connection (`SELECT *` after a new column)
 * gets a new name and runs again once, so a rolling upgrade does not fail requests.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  let next = 0;
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `voltline_${++next}`;
      names.set(text, name);
    }
    return name;
  };
  const named = async (client: pg.PoolClient, text: string, values: unknown[]) => {
    const name = nameOf(text);
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!resultTypeChanged(error)) throw error;
      names.delete(text);
      const renamed = nameOf(text);
      return renamed === undefined ? client.query(text, values) : client.query({ name: renamed, text, values });
    }
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient =>
    ({
      query(text: unknown, values?: unknown[]) {
        if (typeof text === 'string' && text.startsWith(PREPARE_MARK)) return named(client, text, values ?? []);
        return client.query(text as string, values);
      },
      release(destroy?: boolean) {
        client.release(destroy);
      },
    }) as unknown as PostgresPoolClient;
  return {
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = wrap(client);
        wrapped.set(client, own);
      }
      return own;
    },
    end: () => pool.end(),
  };
}
