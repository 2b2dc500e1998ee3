import type {
  ActivityDay,
  ActivityDeps,
  ActivityStore,
  ActivityTotals,
  DaySpan,
  VehicleActivity,
} from '@services/activity/activity-store';
import { addTotals, ZERO_TOTALS } from '@services/activity/activity-store';
import type { VehicleScope } from '@services/vehicles/vehicle-scope';
import { profileFor } from '../handlers/lib/analysis';
import { vehicleTest } from '../handlers/lib/scope';
import { activityDaysOf, type ActivityDayRow } from '../world/activity-days';
import type { WorldDb } from '../world/db';
import { hashString } from '../world/prng';
import type { Vehicle } from '../world/types';
import { worldCarbonSettingsStore } from './carbon-settings-store';

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
  };
}
