import type { Insertable } from 'kysely';
import type { TelemetryKey, TelemetryRun, TelemetryStore } from '../../services/telemetry/telemetry-store';
import type { Db } from '../database';
import type { TelemetryTable } from '../schema';

const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** The row of a run of samples of one subject (its last sample is `until`). */
export function telemetryColumns(subjectId: string, run: TelemetryRun): Insertable<TelemetryTable> {
  const count = Math.max(0, ...Object.values(run.values).map((v) => v.length));
  return {
    subject_id: subjectId,
    at: new Date(run.at).toISOString(),
    until: new Date(run.at + Math.max(0, count - 1) * run.stepMs).toISOString(),
    step_ms: run.stepMs,
    values: JSON.stringify(run.values),
  };
}

/** Telemetry in PostgreSQL (or PGlite): the runs of a subject that reach into a range, by (subject, time). */
export function createTelemetryRepository(db: Db): TelemetryStore {
  return {
    async runs(subjectId, from, to) {
      const rows = await db
        .selectFrom('telemetry')
        .select(['at', 'step_ms', 'values'])
        .where('subject_id', '=', subjectId)
        .where('at', '<=', new Date(to))
        .where('until', '>=', new Date(from))
        .orderBy('at')
        .execute();
      return rows.map((r) => ({ at: ms(r.at), stepMs: r.step_ms, values: r.values }));
    },

    async templates(modelIds) {
      if (modelIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('models')
        .select(['id', 'telemetry_template'])
        .where('id', 'in', [...new Set(modelIds)])
        .execute();
      return new Map(rows.map((r) => [r.id, (r.telemetry_template as TelemetryKey[] | null) ?? []]));
    },
  };
}
