import { clear, createStore, getMany, set, setMany, type UseStore } from 'idb-keyval';
import { createWorld, type World } from './create-world';
import type { WorldOptions } from './seeders/context';
import { TABLE_NAMES, type TableName, type WorldRows } from './types';

/** One change to a seeded row: the new row, or null when it was deleted. */
type Patches<T> = Map<string, T | null>;

/** A row as it was before and after one write (null: it did not exist / was deleted). */
export interface RowWrite {
  table: TableName;
  before: object | null;
  after: object | null;
}

/**
 * A typed table over one generator of the world. Rows are generated on first use; edits are kept as patches over
 * the seed, so that only the changes need to be stored (a 100,000-vehicle world stays a few kilobytes in IndexedDB).
 */
export class Table<T extends { id: string }> {
  readonly name: TableName;
  private readonly seedRows: () => T[];
  private rows: Map<string, T> | undefined;
  private readonly patches: Patches<T>;
  private readonly onChange: (table: TableName) => void;
  private readonly onWrite: ((id: string, write: RowWrite) => void) | undefined;

  constructor(
    name: TableName,
    seedRows: () => T[],
    patches: Patches<T>,
    onChange: (table: TableName) => void,
    onWrite?: (id: string, write: RowWrite) => void,
  ) {
    this.name = name;
    this.seedRows = seedRows;
    this.patches = patches;
    this.onChange = onChange;
    this.onWrite = onWrite;
  }

  private map(): Map<string, T> {
    if (!this.rows) {
      const rows = new Map<string, T>();
      for (const row of this.seedRows()) rows.set(row.id, row);
      for (const [id, row] of this.patches) {
        if (row === null) rows.delete(id);
        else rows.set(id, row);
      }
      this.rows = rows;
    }
    return this.rows;
  }

  /** Every row, in insertion order (seed order, then created rows). */
  all(): T[] {
    return Array.from(this.map().values());
  }

  /** Iterates the rows without copying them. */
  values(): IterableIterator<T> {
    return this.map().values();
  }

  get size(): number {
    return this.map().size;
  }

  get(id: string): T | undefined {
    return this.map().get(id);
  }

  /** Adds a row; its id must be new. */
  insert(row: T): T {
    if (this.map().has(row.id)) throw new Error(`${this.name}: duplicate id ${row.id}`);
    this.write(row);
    return row;
  }

  /** Merges fields into a row and returns the new row (rows are replaced, never mutated, so readers keep snapshots). */
  update(id: string, changes: Partial<T>): T | undefined {
    const current = this.map().get(id);
    if (!current) return undefined;
    const next = { ...current, ...changes, id };
    this.write(next);
    return next;
  }

  /** Deletes a row; false when there was none. */
  remove(id: string): boolean {
    const before = this.map().get(id);
    if (!this.map().delete(id)) return false;
    this.onWrite?.(id, { table: this.name, before: before ?? null, after: null });
    this.patches.set(id, null);
    this.onChange(this.name);
    return true;
  }

  private write(row: T): void {
    this.onWrite?.(row.id, { table: this.name, before: this.map().get(row.id) ?? null, after: row });
    this.map().set(row.id, row);
    this.patches.set(row.id, row);
    this.onChange(this.name);
  }

  /**
   * Keeps the seeded rows as they are now among the changes, so a reload keeps them even when the seed makes them
   * otherwise (the world follows the clock: the audit log's seeded past moves with it, and a chain a user extended
   * must keep the entries it links to).
   */
  keepSeed(): void {
    let kept = false;
    for (const [id, row] of this.map()) {
      if (this.patches.has(id)) continue;
      this.patches.set(id, row);
      kept = true;
    }
    if (kept) this.onChange(this.name);
  }

  /** The changes over the seed, as stored in IndexedDB. */
  changes(): [string, T | null][] {
    return Array.from(this.patches);
  }
}

export type Tables = { [K in TableName]: Table<WorldRows[K]> };

const STORE_DB = 'voltline-demo';
const STORE_NAME = 'world';
const META_KEY = 'meta';
/** 2: the world seeds the audit log's past (issue 37); a saved chain of format 1 starts at seq 1 and would collide. */
const FORMAT_VERSION = 2;

interface StoredMeta {
  version: number;
  seed: number;
  size: number;
}

let store: UseStore | undefined;
function idbStore(): UseStore {
  store ??= createStore(STORE_DB, STORE_NAME);
  return store;
}

/** The demo world's tables plus their persistence in IndexedDB. */
export class WorldDb {
  readonly world: World;
  readonly tables: Tables;
  private readonly dirty = new Set<TableName>();
  /**
   * The writes since the last audit entry, by row id (first "before", last "after"): the audit log takes the diff of
   * the row it describes from here, so no handler has to build one. Audit rows themselves are not journaled.
   */
  readonly journal = new Map<string, RowWrite>();

  constructor(world: World, patches: Partial<Record<TableName, [string, unknown][]>> = {}) {
    this.world = world;
    const markDirty = (table: TableName) => this.dirty.add(table);
    const journal = (id: string, write: RowWrite) => {
      if (write.table === 'audit') return;
      // Writes no audit entry follows (sign-ins) must not pile up.
      if (this.journal.size > 1000) this.journal.clear();
      const first = this.journal.get(id);
      this.journal.set(id, first && first.table === write.table ? { ...write, before: first.before } : write);
    };
    const make = <K extends TableName>(name: K) =>
      new Table<WorldRows[K]>(
        name,
        world.generate[name] as () => WorldRows[K][],
        new Map((patches[name] ?? []) as [string, WorldRows[K] | null][]),
        markDirty,
        journal,
      );
    this.tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, make(name)])) as unknown as Tables;
  }

  /** Writes the changed tables to IndexedDB. Handlers await it before answering, so a reload never loses a write. */
  async persist(): Promise<void> {
    if (this.dirty.size === 0) return;
    const names = [...this.dirty];
    this.dirty.clear();
    const meta: StoredMeta = { version: FORMAT_VERSION, seed: this.world.seed, size: this.world.size };
    await setMany(
      [
        [META_KEY, meta] as [string, unknown],
        ...names.map((name) => [name, this.tables[name].changes()] as [string, unknown]),
      ],
      idbStore(),
    );
  }
}

/**
 * Opens the world for a seed and size with the changes saved in IndexedDB. Saved changes of another seed, size or
 * format are dropped, so switching the world size starts from its seed.
 */
export async function openWorldDb(options: WorldOptions): Promise<WorldDb> {
  const world = createWorld(options);
  const [meta, ...saved] = await getMany<unknown>([META_KEY, ...TABLE_NAMES], idbStore());
  const m = meta as StoredMeta | undefined;
  const matches = m?.version === FORMAT_VERSION && m.seed === world.seed && m.size === world.size;
  if (!matches) {
    await clear(idbStore());
    await set(
      META_KEY,
      { version: FORMAT_VERSION, seed: world.seed, size: world.size } satisfies StoredMeta,
      idbStore(),
    );
    return new WorldDb(world);
  }
  const patches: Partial<Record<TableName, [string, unknown][]>> = {};
  TABLE_NAMES.forEach((name, i) => {
    const value = saved[i];
    if (Array.isArray(value)) patches[name] = value as [string, unknown][];
  });
  return new WorldDb(world, patches);
}

/** Deletes every saved change (the next open starts from the seed). */
export async function clearSavedWorld(): Promise<void> {
  await clear(idbStore());
}
