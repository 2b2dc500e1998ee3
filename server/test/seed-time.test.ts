import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { loadConfig } from '../src/config';
import { prepareDatabase } from '../src/start';
import { ENGINE, openTestDatabase } from './helpers';

// A server seeded today shows a fleet seen today, not one that stopped at the world's fixed default instant. On the
// project's engine (an empty database: PGlite in memory, or a new PostgreSQL database), so each project tests its own
// migration and seeding.
test(`the seeded demo world ends at the configured seed time (the start's hour by default) on ${ENGINE}`, async () => {
  const seedTime = Date.UTC(2026, 10, 28, 9);
  const { database, drop } = await openTestDatabase(true);
  try {
    await prepareDatabase(
      database,
      loadConfig({ SEED_VEHICLES: '20', SEED_TIME: new Date(seedTime).toISOString(), DATA_DIR: '/nonexistent' }),
      () => undefined,
    );
    const { rows } = await sql<{ latest: Date; updated: Date }>`
      SELECT max(last_seen_at) AS latest, (SELECT max(updated_at) FROM tickets) AS updated FROM vehicles`.execute(
      database.db,
    );
    const latest = new Date(rows[0]?.latest ?? 0).getTime();
    const updated = new Date(rows[0]?.updated ?? 0).getTime();
    expect(latest).toBeLessThanOrEqual(seedTime);
    expect(latest).toBeGreaterThan(seedTime - 24 * 3_600_000);
    expect(updated).toBeLessThanOrEqual(seedTime);
    expect(updated).toBeGreaterThan(seedTime - 60 * 24 * 3_600_000);
  } finally {
    await database.close();
    await drop();
  }
});
