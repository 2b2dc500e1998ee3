import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { TripStore } from '../trips/trip-store';
import type { VehicleStore } from '../vehicles/vehicle-store';

/** Service every this many km (the world has no service records; decision 0077). */
export const SERVICE_INTERVAL_KM = 5000;
/** Vehicles the panel lists at most. */
export const MY_VEHICLES_SHOWN = 20;

export type LastTrip = NonNullable<Schemas['DashboardMyVehicles']['items'][number]['lastTrip']>;

/** A vehicle's newest finished trip: the trips history (`services/trips` on the server, the world's trips in the demo). */
export interface LastTripReader {
  lastTripOf(vehicleId: string): Promise<LastTrip | null>;
}

/**
 * The last finished trip of a vehicle from its trip history (the trip services' store, on the server and in the demo):
 * only the newest trip may still run, so the newest two hold the answer.
 */
export function lastTripsOf(trips: TripStore): LastTripReader {
  return {
    async lastTripOf(vehicleId) {
      const { items } = await trips.list(vehicleId, {
        page: 1,
        pageSize: 2,
        sort: [{ field: 'startedAt', direction: 'desc' }],
        filters: [],
        q: undefined,
        from: undefined,
        to: undefined,
      });
      const trip = items.find((t) => t.endedAt !== null);
      if (!trip) return null;
      const { startedAt, endedAt, distanceKm, durationMin, energyKwh } = trip;
      return { startedAt, endedAt, distanceKm, durationMin, energyKwh };
    },
  };
}

export interface MyVehiclesDeps {
  vehicles: VehicleStore;
  lastTrips: LastTripReader;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * GET /dashboard-data/my-vehicles: a driver's or EV owner's own vehicles (their vehicle scope, `vehicleScopeOf`), by
 * registration, at most 20, with their model, charge, range, last finished trip and km to the next service (the
 * odometer to the next multiple of the interval). Other roles holding the key see none rather than a whole fleet.
 * Needs the panel's key (`db.driver` or `db.evOwner`).
 */
export async function dashboardMyVehicles(
  deps: MyVehiclesDeps,
  caller: Caller,
): Promise<Schemas['DashboardMyVehicles']> {
  requirePermission(caller, DASHBOARD_PANELS['my-vehicles'].permission);
  if (caller.roleType !== 'driver' && caller.roleType !== 'evOwner') return { items: [] };
  const { items } = await deps.vehicles.list(vehicleScopeOf(caller), {
    page: 1,
    pageSize: MY_VEHICLES_SHOWN,
    sort: [{ field: 'registrationNumber', direction: 'asc' }],
    filters: [],
    q: undefined,
    from: undefined,
    to: undefined,
  });
  return {
    items: await Promise.all(
      items.map(async (v) => {
        const nextService = (Math.floor(v.odometerKm / SERVICE_INTERVAL_KM) + 1) * SERVICE_INTERVAL_KM;
        return {
          id: v.id,
          registrationNumber: v.registrationNumber,
          model: v.names?.model ?? null,
          soc: v.soc,
          rangeKm: v.rangeKm,
          isLive: v.isLive,
          stateCode: v.stateCode,
          odometerKm: v.odometerKm,
          serviceIntervalKm: SERVICE_INTERVAL_KM,
          serviceDueKm: round1(nextService - v.odometerKm),
          lastTrip: await deps.lastTrips.lastTripOf(v.id),
        };
      }),
    ),
  };
}
