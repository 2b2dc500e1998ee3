import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_REFERENCE_TIME } from '@/mocks/world/seeders/context';
import { SEEDED_TRIP_DAYS } from '../../src/db/seed';
import { createWorld, DEFAULT_SEED, savedLocationsOf, tripRouteOf, tripsOf } from '../../src/db/seed-source';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';
import { TEST_VEHICLES } from '../test-world';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Trip = {
  id: string;
  vehicleId: string;
  status: number;
  startedAt: string;
  endedAt: string | null;
  distanceKm: number;
  durationMin: number;
  energyKwh: number;
};
type Page = { items: Trip[]; total: number; page: number; pageSize: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

/** The vehicle with the most seeded trips, and one (of a fleet) outside the fleet admin's fleet. */
async function busiestVehicle() {
  return server.database.db
    .selectFrom('trips')
    .innerJoin('vehicles', 'vehicles.id', 'trips.vehicle_id')
    .select(['vehicles.id', 'vehicles.fleet_id', sql<number>`count(*)::int`.as('n')])
    .groupBy(['vehicles.id', 'vehicles.fleet_id'])
    .orderBy('n', 'desc')
    .orderBy('vehicles.id')
    .executeTakeFirstOrThrow();
}

async function fleetAdmin() {
  return server.database.db
    .selectFrom('users')
    .select(['fleet_id'])
    .where('email', '=', 'fa@voltline.demo')
    .executeTakeFirstOrThrow();
}

/** A vehicle with trips outside the fleet admin's fleet. */
async function vehicleOutsideFleet(fleetId: string | null) {
  return server.database.db
    .selectFrom('trips')
    .innerJoin('vehicles', 'vehicles.id', 'trips.vehicle_id')
    .select(['vehicles.id'])
    .where((eb) => eb.or([eb('vehicles.fleet_id', '<>', fleetId ?? ''), eb('vehicles.fleet_id', 'is', null)]))
    .orderBy('vehicles.id')
    .executeTakeFirstOrThrow();
}

async function worldVehicle(id: string) {
  const world = createWorld({ seed: DEFAULT_SEED, size: TEST_VEHICLES, referenceTime: DEFAULT_REFERENCE_TIME });
  const vehicle = world.generate.vehicles().find((v) => v.id === id);
  if (!vehicle) throw new Error(`no world vehicle ${id}`);
  return { vehicle, seed: DEFAULT_SEED, now: world.referenceTime };
}

describe('listVehicleTrips', () => {
  test("a vehicle's seeded trips, newest first: the demo world's of the seeded window; sort, filter, range, paging in SQL", async () => {
    const { id } = await busiestVehicle();
    const response = await call('SA', `/api/vehicles/${id}/trips?pageSize=1000`);
    expectContract('get', '/vehicles/{id}/trips', response);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    // The rows are the world's trips of the window, field for field, as the demo answers them.
    const { vehicle, seed, now } = await worldVehicle(id);
    const since = now - SEEDED_TRIP_DAYS * 86_400_000;
    const expected = tripsOf(seed, vehicle, now).filter((t) => t.startedAt >= since);
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeGreaterThan(3);
    expect(page.items.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(page.items[0]).toEqual({
      ...expected[0],
      startedAt: new Date(expected[0]!.startedAt).toISOString(),
      endedAt: expected[0]!.endedAt === null ? null : new Date(expected[0]!.endedAt).toISOString(),
    });

    const longest = (await call('SA', `/api/vehicles/${id}/trips?sort=distanceKm:desc&pageSize=2&page=1`)).json();
    expect(longest.total).toBe(page.total);
    expect(longest.items).toHaveLength(2);
    expect(longest.items[0].distanceKm).toBe(Math.max(...page.items.map((t) => t.distanceKm)));

    const completed = (await call('SA', `/api/vehicles/${id}/trips?filter[status]=2&pageSize=1000`)).json() as Page;
    expect(completed.total).toBe(page.items.filter((t) => t.status === 2).length);
    expect(completed.items.every((t) => t.status === 2)).toBe(true);

    const middle = page.items[Math.floor(page.items.length / 2)]!.startedAt;
    const older = (await call('SA', `/api/vehicles/${id}/trips?to=${middle}&pageSize=1000`)).json() as Page;
    expect(older.total).toBe(page.items.filter((t) => t.startedAt <= middle).length);
    expect(older.total).toBeGreaterThan(0);
  });

  test('a bad range, sort or filter value is 400 invalid_query', async () => {
    const { id } = await busiestVehicle();
    for (const query of [
      'from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      'from=yesterday',
      'sort=vin',
      'filter[status]=9',
      'filter[vin]=x',
    ]) {
      const response = await call('SA', `/api/vehicles/${id}/trips?${query}`);
      expectContract('get', '/vehicles/{id}/trips', response);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('invalid_query');
    }
  });

  test('without vh.l.d.t is 403; a vehicle outside the caller’s scope is 404, its own answers', async () => {
    const { id } = await busiestVehicle();
    const refused = await call('VCUA', `/api/vehicles/${id}/trips`);
    expectContract('get', '/vehicles/{id}/trips', refused);
    expect(refused.statusCode).toBe(403);

    const fa = await fleetAdmin();
    const outside = await vehicleOutsideFleet(fa.fleet_id);
    const hidden = await call('FA', `/api/vehicles/${outside.id}/trips`);
    expectContract('get', '/vehicles/{id}/trips', hidden);
    expect(hidden.statusCode).toBe(404);
    expect((await call('FA', `/api/vehicles/no-such-vehicle/trips`)).statusCode).toBe(404);

    const own = await server.database.db
      .selectFrom('trips')
      .innerJoin('vehicles', 'vehicles.id', 'trips.vehicle_id')
      .select('vehicles.id')
      .where('vehicles.fleet_id', '=', fa.fleet_id)
      .executeTakeFirstOrThrow();
    const mine = await call('FA', `/api/vehicles/${own.id}/trips`);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as Page).items.every((t) => t.vehicleId === own.id)).toBe(true);
  });
});

describe('getVehicleTripRoute', () => {
  test("the most recent trip's stored positions are the world's, exactly, with the stops of a minute or more", async () => {
    const { id } = await busiestVehicle();
    const newest = (await call('SA', `/api/vehicles/${id}/trips?pageSize=2`)).json() as Page;
    const trip = newest.items[0]!;
    const response = await call('SA', `/api/vehicles/${id}/trips/${trip.id}/route`);
    expectContract('get', '/vehicles/{id}/trips/{tripId}/route', response);
    expect(response.statusCode, response.body).toBe(200);
    const route = response.json();
    const { vehicle, seed, now } = await worldVehicle(id);
    const worldTrip = tripsOf(seed, vehicle, now).find((t) => t.id === trip.id)!;
    expect(route.tripId).toBe(trip.id);
    expect(route.vehicleId).toBe(id);
    expect(route.points).toEqual(tripRouteOf(seed, worldTrip, now, vehicle));
    expect(route.points.length).toBeGreaterThan(10);
    for (const stop of route.stops) expect(stop.durationMin).toBeGreaterThanOrEqual(1);

    // An older trip of the window has no positions kept on the server: no points, no stops (the portal's "No route").
    const older = await call('SA', `/api/vehicles/${id}/trips/${newest.items[1]!.id}/route`);
    expectContract('get', '/vehicles/{id}/trips/{tripId}/route', older);
    expect(older.json()).toEqual({ tripId: newest.items[1]!.id, vehicleId: id, points: [], stops: [] });
  });

  test('an unknown trip, another vehicle’s trip, or a vehicle outside the scope is 404; without vh.l.d.t 403', async () => {
    const { id } = await busiestVehicle();
    const trip = ((await call('SA', `/api/vehicles/${id}/trips?pageSize=1`)).json() as Page).items[0]!;
    const unknown = await call('SA', `/api/vehicles/${id}/trips/nope/route`);
    expectContract('get', '/vehicles/{id}/trips/{tripId}/route', unknown);
    expect(unknown.statusCode).toBe(404);

    const fa = await fleetAdmin();
    const other = await vehicleOutsideFleet(fa.fleet_id);
    const otherTrip = ((await call('SA', `/api/vehicles/${other.id}/trips?pageSize=1`)).json() as Page).items[0]!;
    // A trip named under a vehicle it does not belong to is not found.
    expect((await call('SA', `/api/vehicles/${id}/trips/${otherTrip.id}/route`)).statusCode).toBe(404);
    expect((await call('FA', `/api/vehicles/${other.id}/trips/${otherTrip.id}/route`)).statusCode).toBe(404);

    const refused = await call('VCUA', `/api/vehicles/${id}/trips/${trip.id}/route`);
    expectContract('get', '/vehicles/{id}/trips/{tripId}/route', refused);
    expect(refused.statusCode).toBe(403);
  });
});

describe('listVehicleLocations', () => {
  test("a vehicle's saved locations are the world's; BMS staff read them too; VCU staff get 403; outside the scope 404", async () => {
    const { id } = await busiestVehicle();
    const response = await call('SA', `/api/vehicles/${id}/locations`);
    expectContract('get', '/vehicles/{id}/locations', response);
    expect(response.statusCode, response.body).toBe(200);
    const { vehicle, seed, now } = await worldVehicle(id);
    expect(response.json().items).toEqual(
      savedLocationsOf(seed, vehicle, now).map((l) => ({
        ...l,
        lastVisitedAt: new Date(l.lastVisitedAt).toISOString(),
      })),
    );

    expect((await call('BMSA', `/api/vehicles/${id}/locations`)).statusCode).toBe(200);
    const refused = await call('VCUA', `/api/vehicles/${id}/locations`);
    expectContract('get', '/vehicles/{id}/locations', refused);
    expect(refused.statusCode).toBe(403);

    const fa = await fleetAdmin();
    const outside = await vehicleOutsideFleet(fa.fleet_id);
    const hidden = await call('FA', `/api/vehicles/${outside.id}/locations`);
    expectContract('get', '/vehicles/{id}/locations', hidden);
    expect(hidden.statusCode).toBe(404);
  });
});
