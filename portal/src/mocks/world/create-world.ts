import { SEEDERS } from './seeders';
import { createSeedContext, type SeededRows, type WorldOptions } from './seeders/context';
import { TABLE_NAMES, type TableName, type WorldRows } from './types';

/** A demo world: its clamped options and one lazy generator per table. */
export interface World {
  seed: number;
  size: number;
  referenceTime: number;
  generate: { [K in keyof WorldRows]: () => WorldRows[K][] };
}

/**
 * The demo world for a seed and size, over the seeders of `seeders/`: nothing is seeded until a table is asked for,
 * then that table's seeder runs once on the rows of the tables it needs (seeded first, once each). Every seeder is a
 * pure function of (seed, size, now) and the rows before it, so the order of asking never changes a row.
 */
export function createWorld(options: WorldOptions): World {
  const ctx = createSeedContext(options);
  const bySeeder = new Map(SEEDERS.map((entry) => [entry.table, entry]));
  const made = new Map<TableName, unknown[]>();
  function rowsOf(table: TableName): unknown[] {
    let rows = made.get(table);
    if (!rows) {
      const entry = bySeeder.get(table);
      if (!entry) throw new Error(`No seeder seeds the ${table} table.`);
      const prior: Partial<Record<TableName, unknown[]>> = {};
      for (const name of entry.needs) prior[name] = rowsOf(name);
      rows = entry.run(ctx, prior as Partial<SeededRows>);
      made.set(table, rows);
    }
    return rows;
  }
  // A copy of the array (the rows themselves are shared): a caller that sorts its list cannot reorder the seed.
  const generate = Object.fromEntries(TABLE_NAMES.map((name) => [name, () => [...rowsOf(name)]]));
  return { seed: ctx.seed, size: ctx.size, referenceTime: ctx.now, generate: generate as World['generate'] };
}
