import type { WorldDb } from '../world/db';
import type { AuthContext } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { validationFailed } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';

/** Rows one import request may carry; the client sends smaller batches so its progress bar moves. */
export const MAX_IMPORT_ROWS = 500;

/** One rejected row of an import batch: its 0-based index in `rows` and what is wrong with it. */
export interface ImportRowError {
  row: number;
  fieldErrors: Record<string, string>;
}

/** The `rows` array of an import body; 400 when it is missing or longer than a batch may be. */
export function importRowsOf(body: Record<string, unknown>): unknown[] {
  if (!Array.isArray(body.rows)) throw validationFailed({ rows: 'Send the rows to import.' });
  if (body.rows.length > MAX_IMPORT_ROWS)
    throw validationFailed({ rows: `Send at most ${MAX_IMPORT_ROWS} rows at a time.` });
  return body.rows;
}

/**
 * Builds each row with the same validation as the single-item create and collects the contract's 400/409 answers as
 * row errors, so one bad row never stops the others. `build` stores what it builds.
 */
export async function importEach<T>(
  rows: unknown[],
  noun: string,
  build: (input: Record<string, unknown>) => T,
): Promise<{ created: T[]; errors: ImportRowError[] }> {
  const created: T[] = [];
  const errors: ImportRowError[] = [];
  for (const [row, input] of rows.entries()) {
    try {
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw validationFailed({ row: `Not a ${noun}.` });
      created.push(build(input as Record<string, unknown>));
    } catch (error) {
      if (!(error instanceof Response)) throw error;
      const answer = (await error.json()) as { message: string; fieldErrors?: Record<string, string> };
      errors.push({ row, fieldErrors: answer.fieldErrors ?? { row: answer.message } });
    }
  }
  return { created, errors };
}

/** Every row matching the list parameters of `url` (sort, filter, search, range), unpaged, for a CSV export. */
export function allMatches<T>(url: URL, rows: Iterable<T>, spec: ListSpec<T>): T[] {
  const unpaged = new URL(url);
  unpaged.searchParams.delete('page');
  unpaged.searchParams.delete('pageSize');
  const query = { ...parseListQuery(unpaged, spec), pageSize: Number.MAX_SAFE_INTEGER };
  return applyListQuery(rows, query, spec).items;
}

/** Audits an import once, as one Bulk Import entry (on the item when it made only one), and persists what it made. */
export async function recordImport(
  db: WorldDb,
  ctx: AuthContext,
  entity: string,
  created: readonly { id: string }[],
  summary: string,
): Promise<void> {
  if (created.length === 0) return;
  const only = created.length === 1 ? created[0] : undefined;
  await recordAudit(db, ctx, entity, only ? only.id : 'bulk', 'Bulk Import', summary);
  await db.persist();
}
