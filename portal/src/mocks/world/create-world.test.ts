import { describe, expect, test } from 'vitest';
import { ROLE_CODES } from '@/domain/roles';
import { DEMO_REGION, isInDemoRegion, nearestRoadPoint } from '@/shared/lib/live/demo-region';
import { createStartPositions } from '../live/fleet-simulator.js';
import { createWorld } from './create-world';
import { DEFAULT_SIZE } from './seeders/context';
import { savedLocationsOf, tripsOf } from './histories';
import { tripRouteOf } from './trip-route';
import { DEMO_USERS } from './demo-users';

/** Metres from a point to the nearest road of the demo region (local flat projection, exact enough at city scale). */
function metresToNearestRoad(p: { lat: number; lng: number }): number {
  const road = nearestRoadPoint(p.lat, p.lng);
  return Math.hypot((p.lng - road.lng) * Math.cos((p.lat * Math.PI) / 180), p.lat - road.lat) * 111_320;
}

describe('createWorld', () => {
  test('gives the same world for the same seed and size', () => {
    const a = createWorld({ seed: 42, size: 200 });
    const b = createWorld({ seed: 42, size: 200 });
    expect(b.generate.vehicles()).toEqual(a.generate.vehicles());
    expect(b.generate.bmsDevices()).toEqual(a.generate.bmsDevices());
    expect(b.generate.users()).toEqual(a.generate.users());
    expect(b.generate.faults()).toEqual(a.generate.faults());
  });

  test('gives a different world for a different seed', () => {
    const a = createWorld({ seed: 1, size: 200 }).generate.vehicles();
    const b = createWorld({ seed: 2, size: 200 }).generate.vehicles();
    expect(b.map((v) => v.vin)).not.toEqual(a.map((v) => v.vin));
  });

  test('generates tables in any order with the same result', () => {
    const a = createWorld({ seed: 7, size: 100 });
    const devicesFirst = a.generate.mcuDevices();
    const b = createWorld({ seed: 7, size: 100 });
    b.generate.vehicles();
    expect(b.generate.mcuDevices()).toEqual(devicesFirst);
  });

  test("seeds a firmware rollout's commands as firmware installs to a device, never as another device's command", () => {
    const commands = createWorld({ seed: 1, size: 300 }).generate.commands();
    const ota = commands.filter((c) => c.kind === 'OTA');
    expect(ota.length).toBeGreaterThan(10);
    for (const c of ota) {
      expect(['BMS', 'MCU', 'VCU']).toContain(c.deviceKind);
      expect(c.deviceId).not.toBeNull();
      expect(c.code).toBe('OTA_INSTALL');
      expect(c.name).toMatch(/^Install firmware \d+\.\d+\.\d+$/);
    }
    // Nothing but a rollout sends a firmware install.
    expect(commands.filter((c) => c.code === 'OTA_INSTALL').every((c) => c.kind === 'OTA')).toBe(true);
  });

  test('holds as many vehicles as its size', () => {
    expect(createWorld({ seed: 1, size: 1234 }).generate.vehicles()).toHaveLength(1234);
    expect(createWorld({ seed: 1, size: DEFAULT_SIZE }).generate.vehicles()).toHaveLength(300);
  });

  test('clamps the size to 1..100,000', () => {
    expect(createWorld({ seed: 1, size: 0 }).size).toBe(1);
    expect(createWorld({ seed: 1, size: 5_000_000 }).size).toBe(100_000);
  });

  test('fits every vehicle with a BMS, MCU, VCU, logger and SIM card that point back to it', () => {
    const world = createWorld({ seed: 3, size: 50 });
    const bms = new Map(world.generate.bmsDevices().map((d) => [d.id, d]));
    const loggers = new Map(world.generate.loggers().map((d) => [d.id, d]));
    const sims = new Map(world.generate.sims().map((s) => [s.id, s]));
    for (const vehicle of world.generate.vehicles()) {
      expect(bms.get(vehicle.bmsId ?? '')?.vehicleId).toBe(vehicle.id);
      expect(loggers.get(vehicle.loggerId ?? '')?.vehicleId).toBe(vehicle.id);
      expect(sims.get(vehicle.simId ?? '')?.loggerId).toBe(vehicle.loggerId);
    }
  });

  test('gives every vehicle a model of its own OEM and every BMS its chemistry and cooling', () => {
    const world = createWorld({ seed: 5, size: 300 });
    const models = new Map(world.generate.models().map((m) => [m.id, m]));
    for (const vehicle of world.generate.vehicles()) {
      const model = models.get(vehicle.modelId);
      expect(model?.kind).toBe('EV');
      expect(model?.oemId).toBe(vehicle.oemId);
    }
    for (const device of world.generate.bmsDevices()) {
      expect(device.bms?.chemistry).toBeTypeOf('number');
      expect(device.bms?.cooling).toBeTypeOf('number');
    }
  });

  test('places fleet vehicles with drivers of that fleet', () => {
    const world = createWorld({ seed: 9, size: 500 });
    const drivers = new Map(world.generate.drivers().map((d) => [d.id, d]));
    const withDriver = world.generate.vehicles().filter((v) => v.driverId);
    expect(withDriver.length).toBeGreaterThan(0);
    for (const v of withDriver) expect(drivers.get(v.driverId ?? '')?.fleetId).toBe(v.fleetId);
  });

  test('holds a user for every role code', () => {
    const roles = new Set(
      createWorld({ seed: 1, size: 10 })
        .generate.users()
        .map((u) => u.role),
    );
    for (const role of ROLE_CODES) expect(roles).toContain(role);
  });

  test('gives each demo user an account and the scoped ones vehicles to see', () => {
    const world = createWorld({ seed: 11, size: 20 });
    const users = world.generate.users();
    const vehicles = world.generate.vehicles();
    for (const demo of DEMO_USERS) {
      const user = users.find((u) => u.email === demo.email);
      expect(user?.role).toBe(demo.role);
      expect(user?.password).toBe(demo.password);
    }
    const scoped = (email: string) => users.find((u) => u.email === email);
    expect(vehicles.some((v) => v.dealerId === scoped('da@voltline.demo')?.dealerId)).toBe(true);
    expect(vehicles.some((v) => v.fleetId === scoped('fa@voltline.demo')?.fleetId)).toBe(true);
    expect(vehicles.some((v) => v.driverId === scoped('dr@voltline.demo')?.driverId)).toBe(true);
    expect(vehicles.some((v) => v.evOwnerId === scoped('evo@voltline.demo')?.evOwnerId)).toBe(true);
  });

  test('lists one demo user per role type', () => {
    expect(DEMO_USERS.map((u) => u.role)).toEqual([
      'SA',
      'OEMA',
      'DA',
      'FA',
      'DR',
      'EVO',
      'BMSA',
      'MCUA',
      'VCUA',
      'GPSA',
    ]);
  });

  test('uses only the state codes, connectivity and vehicle types of the spec', () => {
    const vehicles = createWorld({ seed: 1, size: 400 }).generate.vehicles();
    const states = new Set([0, 16, 32, 48, 64, 66, 67, 80, 81, 82, 96, 101, 112, 'F']);
    for (const v of vehicles) {
      expect(states.has(v.stateCode)).toBe(true);
      expect(['Wi-Fi', 'GSM', '3G', '4G', '5G']).toContain(v.connectivity);
      expect(['2 Wheeler', '3 Wheeler']).toContain(v.vehicleType);
    }
  });

  test('places every vehicle, trip, route point and saved location inside the demo region', () => {
    const world = createWorld({ seed: 5, size: 400 });
    const outside: string[] = [];
    const check = (what: string, p: { lat: number; lng: number }) => {
      if (!isInDemoRegion(p.lat, p.lng)) outside.push(`${what} ${p.lat},${p.lng}`);
    };
    for (const vehicle of world.generate.vehicles()) {
      check(`${vehicle.id} last location`, vehicle.lastLocation);
      for (const location of savedLocationsOf(5, vehicle, world.referenceTime))
        check(`${location.id}`, location.location);
      for (const trip of tripsOf(5, vehicle, world.referenceTime)) {
        check(`${trip.id} start`, trip.start);
        check(`${trip.id} end`, trip.end);
        // Routes are the costly part: every tenth vehicle's are enough to catch a path leaving the region.
        if (Number(vehicle.id.slice(-1)) !== 0) continue;
        for (const point of tripRouteOf(5, trip, world.referenceTime, vehicle)) check(`${trip.id} route`, point);
      }
    }
    for (const geofence of world.generate.geofences())
      for (const [lng, lat] of geofence.geometry.coordinates[0] ?? []) check(geofence.id, { lat, lng });
    expect(outside.slice(0, 5)).toEqual([]);
  });

  test("runs every trip's route along the region's roads", () => {
    const world = createWorld({ seed: 5, size: 200 });
    const offRoad: string[] = [];
    let checked = 0;
    for (const vehicle of world.generate.vehicles()) {
      // Every tenth vehicle's trips (some hundreds of routes) are enough to catch a route cutting across blocks.
      if (Number(vehicle.id.slice(-1)) !== 0) continue;
      for (const trip of tripsOf(5, vehicle, world.referenceTime)) {
        // Trips start and end on a road, so no point of the route, its first and last included, is excused.
        for (const point of tripRouteOf(5, trip, world.referenceTime, vehicle)) {
          checked += 1;
          const metres = metresToNearestRoad(point);
          if (metres > 30) offRoad.push(`${trip.id} ${point.lat},${point.lng}: ${Math.round(metres)} m`);
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(offRoad.slice(0, 5)).toEqual([]);
    const first = world.generate.vehicles()[0]!;
    const trip = tripsOf(5, first, world.referenceTime)[0]!;
    expect(tripRouteOf(5, trip, world.referenceTime, first)).toEqual(tripRouteOf(5, trip, world.referenceTime, first));
  });

  test("puts a vehicle's last location where the live simulator starts it", () => {
    const startOf = createStartPositions(DEMO_REGION);
    for (const vehicle of createWorld({ seed: 9, size: 50 }).generate.vehicles()) {
      const start = startOf(vehicle.id);
      expect(vehicle.lastLocation).toEqual({ lat: start.lat, lng: start.lon });
    }
  });
});
