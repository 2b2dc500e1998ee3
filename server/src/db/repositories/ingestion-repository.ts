import { sql } from 'kysely';
import type { IngestionStore, VehicleSample } from '../../services/ingestion/ingestion-store';
import type { Db } from '../database';

const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/** The sample the vehicle row takes: each vehicle's newest of the batch. */
function newestPerVehicle(samples: readonly VehicleSample[]): VehicleSample[] {
  const newest = new Map<string, VehicleSample>();
  for (const sample of samples) {
    const known = newest.get(sample.vehicleId);
    if (!known || sample.at > known.at) newest.set(sample.vehicleId, sample);
  }
  return [...newest.values()];
}

/** Ingestion's writes in PostgreSQL (or PGlite): multi-row statements, run by the caller in one transaction. */
export function createIngestionRepository(db: Db): IngestionStore {
  return {
    async lastSampleTimes(vehicleIds) {
      if (vehicleIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('vehicles as v')
        .select((eb) => [
          'v.id',
          eb
            .selectFrom('telemetry as t')
            .select((inner) => inner.fn.max('t.until').as('last'))
            .whereRef('t.subject_id', '=', 'v.id')
            .as('last'),
        ])
        .where('v.id', 'in', [...vehicleIds])
        .execute();
      return new Map(rows.map((r) => [r.id, r.last == null ? null : ms(r.last as Date | string)]));
    },

    async append(samples) {
      if (samples.length === 0) return;
      // One sample a row (until = at); a row another process wrote for the same time stays (written once).
      await db
        .insertInto('telemetry')
        .values(
          samples.map((s) => ({
            subject_id: s.vehicleId,
            at: new Date(s.at).toISOString(),
            until: new Date(s.at).toISOString(),
            step_ms: 1000,
            values: JSON.stringify(Object.fromEntries(Object.entries(s.values).map(([k, v]) => [k, [v]]))),
          })),
        )
        .onConflict((oc) => oc.columns(['subject_id', 'at']).doNothing())
        .execute();
      const rows = newestPerVehicle(samples).map(
        (s) =>
          sql`(${s.vehicleId}::text, ${new Date(s.at).toISOString()}::timestamptz, ${s.state.soc}::float8, ${
            s.state.stateCode === 'F' ? null : s.state.stateCode
          }::smallint, ${s.state.lat}::float8, ${s.state.lng}::float8, ${s.state.odometerKm ?? null}::float8)`,
      );
      // The vehicle's latest state, unless its row already holds a later report.
      await sql`
        UPDATE vehicles AS v SET
          soc = u.soc, state_code = u.state_code, lat = u.lat, lng = u.lng,
          odometer_km = COALESCE(u.odometer_km, v.odometer_km), last_seen_at = u.at, is_live = true
        FROM (VALUES ${sql.join(rows)}) AS u(id, at, soc, state_code, lat, lng, odometer_km)
        WHERE v.id = u.id AND v.last_seen_at < u.at`.execute(db);
    },

    async secretHash(vehicleId) {
      const row = await db
        .selectFrom('vehicle_credentials')
        .select('secret_hash')
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirst();
      return row?.secret_hash;
    },

    async setSecretHash(vehicleId, hash, at) {
      const vehicle = await db.selectFrom('vehicles').select('id').where('id', '=', vehicleId).executeTakeFirst();
      if (!vehicle) return false;
      await db
        .insertInto('vehicle_credentials')
        .values({ vehicle_id: vehicleId, secret_hash: hash, created_at: at })
        .onConflict((oc) => oc.column('vehicle_id').doUpdateSet({ secret_hash: hash, created_at: at }))
        .execute();
      return true;
    },
  };
}
