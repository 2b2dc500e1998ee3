import type { Table, WorldDb } from '../world/db';
import type { TableName } from '../world/types';

const locks = new WeakMap<WorldDb, Promise<unknown>>();

/**
 * Runs `work` after every earlier locked work on this world has ended: the in-memory stand-in for PostgreSQL's
 * transaction and the audit chain's advisory lock, so two requests never interleave their writes or fork the chain.
 */
export function withWorldLock<T>(db: WorldDb, work: () => Promise<T>): Promise<T> {
  const run = (locks.get(db) ?? Promise.resolve()).then(work);
  locks.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

/** The rows a transaction wrote, as they were before its first write to each: put back when it fails. */
export class UndoLog {
  private readonly before = new Map<string, { table: TableName; id: string; row: { id: string } | undefined }>();
  /** Undoing a write outside the world's tables (the demo widget's conversations), newest first. */
  private readonly others: (() => void)[] = [];
  private readonly db: WorldDb;

  constructor(db: WorldDb) {
    this.db = db;
  }

  /** Call before writing row `id` of `table`. */
  touch(table: TableName, id: string): void {
    const key = `${table}/${id}`;
    if (this.before.has(key)) return;
    this.before.set(key, { table, id, row: this.table(table).get(id) });
  }

  /** Call after a write outside the world's tables, with what undoes it. */
  onRollback(undo: () => void): void {
    this.others.push(undo);
  }

  rollback(): void {
    for (const undo of this.others.reverse()) undo();
    this.others.length = 0;
    for (const { table, id, row } of [...this.before.values()].reverse()) {
      const rows = this.table(table);
      if (row === undefined) rows.remove(id);
      else if (rows.get(id)) rows.update(id, row);
      else rows.insert(row);
    }
    this.before.clear();
  }

  private table(name: TableName): Table<{ id: string }> {
    return this.db.tables[name] as unknown as Table<{ id: string }>;
  }
}

/**
 * A service's `transact` over the demo world: one at a time (`withWorldLock`); the stores of `txOf` record what they
 * overwrite, so a failing `work` leaves the world as it found it; a successful one is persisted (IndexedDB) before it
 * answers, as a commit is durable before the server acknowledges it.
 */
export function worldTransact<Tx>(db: WorldDb, txOf: (undo: UndoLog) => Tx) {
  return <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    withWorldLock(db, async () => {
      const undo = new UndoLog(db);
      try {
        const result = await work(txOf(undo));
        await db.persist();
        return result;
      } catch (error) {
        undo.rollback();
        throw error;
      } finally {
        // Writes through the services are audited by them; none of them is left for `recordAudit` to diff.
        db.journal.clear();
      }
    });
}
