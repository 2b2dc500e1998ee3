import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The job queue in the database (migration 0029, decision 0127): one row per thing to do, keyed, due at `run_at`.
 * Rows are written by the services' stores inside their own transactions (a rollout and the job that advances it
 * commit together), claimed by {@link startJobWorker} with `FOR UPDATE SKIP LOCKED`, so that two server processes on
 * one PostgreSQL never run a job twice at once, and a restart finds every job where it was.
 */

/** How a schedule meets a job already due: `at` sets the time (the work's own next run), `no-later` only brings it forward. */
export type ScheduleMode = 'at' | 'no-later';

/** Puts a job in the queue or moves it (the same `key` is one job). Runs on whatever `db` is: a transaction or not. */
export async function scheduleJob(
  db: Db,
  job: { key: string; kind: string; payload: Record<string, unknown>; runAt: Date },
  mode: ScheduleMode,
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ key: job.key, kind: job.kind, payload: JSON.stringify(job.payload), run_at: job.runAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        run_at: mode === 'at' ? job.runAt : sql<Date>`least(jobs.run_at, excluded.run_at)`,
        attempts: 0,
        last_error: null,
      }),
    )
    .execute();
}

/** Removes a job (nothing more to do). */
export async function cancelJob(db: Db, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('key', '=', key).execute();
}

export interface ClaimedJob {
  key: string;
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
}

/** Claims up to `limit` due jobs that no worker holds, locking them for `lockMs`. */
export async function claimJobs(db: Db, now: Date, limit: number, lockMs: number): Promise<ClaimedJob[]> {
  const lockedUntil = new Date(now.getTime() + lockMs);
  const result = await sql<{
    key: string;
    kind: string;
    payload: Record<string, unknown> | string;
    run_at: Date | string;
    attempts: number;
  }>`
    UPDATE jobs SET locked_until = ${lockedUntil}, attempts = jobs.attempts + 1
    WHERE key IN (
      SELECT key FROM jobs
      WHERE run_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
      ORDER BY run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING key, kind, payload, run_at, attempts`.execute(db);
  return result.rows.map((row) => ({
    key: row.key,
    kind: row.kind,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
    runAt: new Date(row.run_at),
    attempts: row.attempts,
  }));
}

/**
 * A job ran: deleted when it is still due at the time it was claimed at (the work did not reschedule it), otherwise
 * released for its new time.
 */
export async function finishJob(db: Db, job: ClaimedJob): Promise<void> {
  const deleted = await db
    .deleteFrom('jobs')
    .where('key', '=', job.key)
    .where('run_at', '=', job.runAt)
    .executeTakeFirst();
  if (deleted.numDeletedRows > 0n) return;
  await db.updateTable('jobs').set({ locked_until: null, attempts: 0 }).where('key', '=', job.key).execute();
}

/** A job failed: tried again at `retryAt`, with the error kept. */
export async function failJob(db: Db, job: ClaimedJob, error: string, retryAt: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: null, run_at: retryAt, last_error: error.slice(0, 500) })
    .where('key', '=', job.key)
    .execute();
}

export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void>;

export interface JobWorker {
  /** Looks for due jobs now (a job was just scheduled in this process). */
  wake(): void;
  /** Resolves when the current pass (if any) has finished. */
  idle(): Promise<void>;
  /** Stops polling and waits for the job in hand. */
  close(): Promise<void>;
}

export interface JobWorkerOptions {
  now?: () => Date;
  /** How often the queue is looked at without a wake (default 1 s). */
  pollMs?: number;
  /** How long a claimed job is held before another worker may take it (default 60 s). */
  lockMs?: number;
  /** Jobs claimed per pass (default 20). */
  batch?: number;
  debug?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * Runs the due jobs of the queue by their kind, one at a time, every `pollMs` and on `wake()`. A job whose handler
 * throws is tried again after a back-off (1 s doubling, at most 60 s); a job of a kind this worker does not know is
 * left for another one.
 */
export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  options: JobWorkerOptions = {},
): JobWorker {
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1_000;
  const lockMs = options.lockMs ?? 60_000;
  const batch = options.batch ?? 20;
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function pass(): Promise<void> {
    for (;;) {
      const jobs = await claimJobs(db, now(), batch, lockMs);
      for (const job of jobs) {
        if (closed) {
          await db.updateTable('jobs').set({ locked_until: null }).where('key', '=', job.key).execute();
          continue;
        }
        const handler = handlers[job.kind];
        try {
          if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
          await handler(job.payload, job);
          await finishJob(db, job);
        } catch (error) {
          const backoff = Math.min(60_000, 1_000 * 2 ** Math.max(0, job.attempts - 1));
          options.debug?.('job failed', { key: job.key, error: String(error) });
          await failJob(db, job, String(error), new Date(now().getTime() + backoff)).catch(() => undefined);
        }
      }
      if (jobs.length < batch || closed) return;
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => options.debug?.('job queue pass failed', { error: String(error) }))
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void run();
        }
      });
    return running;
  }

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  schedule();
  void run();

  return {
    wake: () => void run(),
    idle: async () => {
      while (running) await running;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
    },
  };
}
