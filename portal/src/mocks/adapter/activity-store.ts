import { SEEDED_ACTIVITY_DAYS } from '@services/activity/activity-days';
import type {
  ActivityDay,
  ActivityDeps,
  ActivityStore,
  ActivityTotals,
  DaySpan,
  GroupBy,
  SubjectRow,
  VehicleActivity,
} from '@services/activity/activity-store';
import type { AuditStore } from '@services/audit/audit-chain';
import { addTotals, ZERO_TOTALS } from '@services/activity/activity-store';
import type { VehicleScope } from '@services/vehicles/vehicle-scope';
import { profileFor } from '../handlers/lib/analysis';
import { vehicleTest } from '../handlers/lib/scope';
import { activityDaysOf, type ActivityDayRow } from '../world/activity-days';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { worldCarbonSettingsStore } from './carbon-settings-store';
import { worldTransact } from './world-transaction';

const DAY_MS = 86_400_000;

/** The vehicles in the scope (widened by the caller's access grants). */
function vehiclesIn(db: WorldDb, scope: VehicleScope, granted: ((v: Vehicle) => boolean) | undefined): Vehicle[] {
  const inScope = vehicleTest(scope, granted);
  return db.tables.vehicles.all().filter(inScope);
}

/**
 * The vehicles whose drive profiles are replayed: all of them, or a deterministic sample (by the world's seed) of
 * `sampleAbove` when there are more: replaying is what costs in the browser. The server sums stored rows, all of them.
 */
function sampleOf(db: WorldDb, vehicles: Vehicle[], sampleAbove: number): Vehicle[] {
  if (vehicles.length <= sampleAbove) return vehicles;
  const rank = (v: Vehicle) => hashString(`${db.world.seed}:${v.id}`) >>> 0;
  return [...vehicles].sort((a, b) => rank(a) - rank(b)).slice(0, sampleAbove);
}

/** A vehicle's roll-up rows for the span's days, from its drive profile (what the server's seed writes). */
function daysOf(db: WorldDb, v: Vehicle, span: DaySpan): ActivityDayRow[] {
  const from = Date.parse(`${span.first}T00:00:00Z`);
  const to = Date.parse(`${span.last}T00:00:00Z`) + DAY_MS;
  return activityDaysOf(db.world.seed, v, from, to, profileFor(db, v));
}

/** The subject a vehicle belongs to in a grouping (null: none, a vehicle of no fleet). */
const SUBJECT_OF: Record<GroupBy, (v: Vehicle) => string | null> = {
  vehicle: (v) => v.id,
  model: (v) => v.modelId,
  fleet: (v) => v.fleetId,
};

/** The vehicles in the scope by subject (of `ids` when given). */
function membersOf(vehicles: Vehicle[], groupBy: GroupBy, ids?: readonly string[]): Map<string, Vehicle[]> {
  const wanted = ids && new Set(ids);
  const out = new Map<string, Vehicle[]>();
  for (const v of vehicles) {
    const id = SUBJECT_OF[groupBy](v);
    if (id === null || (wanted && !wanted.has(id))) continue;
    const list = out.get(id);
    if (list) list.push(v);
    else out.set(id, [v]);
  }
  return out;
}

const totalsOf = (row: ActivityDayRow): ActivityTotals => {
  const { vehicleId: _v, date: _d, ...totals } = row;
  return totals;
};

/**
 * The ActivityStore of the services over the demo world: the per-vehicle, per-day roll-up answered from the vehicles'
 * drive profiles on demand (`activityDaysOf`, the generator the server's seed writes its rows from).
 */
export function worldActivityStore(
  db: WorldDb,
  options: { granted?: ((vehicle: Vehicle) => boolean) | undefined } = {},
): ActivityStore {
  return {
    async heldDays() {
      // What the server's seed writes: the 60 UTC days before the world's "now" and that day up to it.
      const now = db.world.referenceTime;
      const first = Math.floor(now / DAY_MS) * DAY_MS - SEEDED_ACTIVITY_DAYS * DAY_MS;
      return { first: new Date(first).toISOString().slice(0, 10), last: new Date(now - 1).toISOString().slice(0, 10) };
    },

    async subjects(scope, groupBy, ids) {
      const out: SubjectRow[] = [];
      for (const [id, members] of membersOf(vehiclesIn(db, scope, options.granted), groupBy, ids)) {
        const none = { vin: null, modelName: null, oemName: null, city: null };
        if (groupBy === 'vehicle') {
          const v = members[0] as Vehicle;
          out.push({
            ...none,
            id,
            name: v.registrationNumber,
            vin: v.vin,
            modelName: db.tables.models.get(v.modelId)?.name ?? null,
          });
        } else if (groupBy === 'model') {
          const m = db.tables.models.get(id);
          if (m) out.push({ ...none, id, name: m.name, oemName: db.tables.oems.get(m.oemId)?.name ?? null });
        } else {
          const f = db.tables.fleets.get(id);
          if (f) out.push({ ...none, id, name: f.name, city: f.city });
        }
      }
      return out;
    },

    async groupTotals(scope, span, groupBy, ids) {
      return [...membersOf(vehiclesIn(db, scope, options.granted), groupBy, ids)].map(([subjectId, members]) => {
        let totals = ZERO_TOTALS;
        for (const v of members) for (const row of daysOf(db, v, span)) totals = addTotals(totals, totalsOf(row));
        return { ...totals, subjectId, vehicles: members.length };
      });
    },

    async groupDays(scope, span, groupBy, ids) {
      const out: (ActivityDay & { subjectId: string })[] = [];
      for (const [subjectId, members] of membersOf(vehiclesIn(db, scope, options.granted), groupBy, ids)) {
        const days = new Map<string, ActivityTotals>();
        for (const v of members)
          for (const row of daysOf(db, v, span))
            days.set(row.date, addTotals(days.get(row.date) ?? ZERO_TOTALS, totalsOf(row)));
        for (const [date, totals] of days) out.push({ ...totals, date, subjectId });
      }
      return out;
    },

    async faultCounts(scope, groupBy, ids, range) {
      const members = membersOf(vehiclesIn(db, scope, options.granted), groupBy, ids);
      const subjectOf = new Map<string, string>();
      for (const [id, list] of members) for (const v of list) subjectOf.set(v.id, id);
      const from = range.from.getTime();
      const to = range.to.getTime();
      const counts = new Map<string, number>();
      for (const f of db.tables.faults.values()) {
        const id = subjectOf.get(f.vehicleId);
        if (id === undefined || f.occurredAt < from || f.occurredAt > to) continue;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return [...counts].map(([subjectId, faults]) => ({ subjectId, faults }));
    },

    async fleetDays(scope, span, { sampleAbove }) {
      const vehicles = vehiclesIn(db, scope, options.granted);
      const sample = sampleOf(db, vehicles, sampleAbove);
      const days = new Map<string, ActivityDay>();
      for (const v of sample) {
        for (const row of daysOf(db, v, span)) {
          const day = days.get(row.date);
          days.set(row.date, { date: row.date, ...addTotals(day ?? ZERO_TOTALS, totalsOf(row)) });
        }
      }
      return {
        vehicles: vehicles.length,
        summed: sample.length,
        days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
      };
    },

    async vehicleTotals(scope, span, { sampleAbove, fleetId }) {
      let vehicles = vehiclesIn(db, scope, options.granted);
      if (fleetId !== undefined) vehicles = vehicles.filter((v) => v.fleetId === fleetId);
      const rows: VehicleActivity[] = sampleOf(db, vehicles, sampleAbove).map((v) => {
        const fleet = v.fleetId ? db.tables.fleets.get(v.fleetId) : undefined;
        const owner = v.evOwnerId ? db.tables.evOwners.get(v.evOwnerId) : undefined;
        let totals = ZERO_TOTALS;
        for (const row of daysOf(db, v, span)) totals = addTotals(totals, totalsOf(row));
        return {
          ...totals,
          vehicleId: v.id,
          registrationNumber: v.registrationNumber,
          vehicleType: v.vehicleType,
          fleetId: v.fleetId,
          fleetName: fleet?.name ?? null,
          fleetCity: fleet?.city ?? null,
          ownerCity: owner?.city ?? null,
        };
      });
      return { vehicles: vehicles.length, rows };
    },
  };
}

/** The activity services' dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldActivityDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): ActivityDeps {
  return {
    activity: worldActivityStore(db, { granted }),
    carbon: worldCarbonSettingsStore(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { audit: AuditStore } => ({ audit: worldAuditStore(db, undo) })),
  };
}
