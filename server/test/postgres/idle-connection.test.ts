import pg from 'pg';
import { sql } from 'kysely';
import { expect, inject, test, vi } from 'vitest';
import { openPostgres } from '../../src/db/database';

// PostgreSQL ends an idle connection (a restart, a failover, pg_terminate_backend): the server keeps running and its
// next query opens a new connection. Without the pool's error listener Node ends the process (an unhandled 'error').
// PostgreSQL only (test/postgres/ is in the postgres project alone).
test('an idle connection the database ends costs nothing but a warning', async () => {
  const url = inject('postgresUrl');
  const database = openPostgres(url);
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(database.db);
    const pid = rows[0]?.pid;
    expect(pid).toBeTypeOf('number');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('an idle connection ended')));
    const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(again.rows).toEqual([{ one: 1 }]);
  } finally {
    warn.mockRestore();
    await database.close();
  }
});
