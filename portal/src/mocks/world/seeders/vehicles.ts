import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { createStartPositions } from '../../live/fleet-simulator.js';
import { driveProfileOf, profileAt, RANGE_KM_PER_SOC } from '../drive-profile';
import { flat, pad } from '../prng';
import type { Vehicle } from '../types';
import { createdAtOf, ids, type Seeder } from './context';

const CONNECTIVITY: Vehicle['connectivity'][] = ['Wi-Fi', 'GSM', '3G', '4G', '5G'];

/**
 * The vehicles, placed by `ctx.placement(i)` (OEM, service centre, fleet and driver or owner, models). Each is fitted
 * with the BMS, MCU, VCU, logger and SIM card of its own index: those ids point at the device and SIM seeders' rows,
 * which come after it (the one forward reference of the world; the devices point back with `vehicleId`).
 */
export const seedVehicles: Seeder<'vehicles', 'models'> = (ctx, { models }) => {
  const { seed, now, size } = ctx;
  const r = ctx.rng('vehicles');
  const vehicleTypeOf = new Map<string, Vehicle['vehicleType']>();
  for (const m of models) if (m.kind === 'EV' && m.vehicleType) vehicleTypeOf.set(m.id, m.vehicleType);
  const rows = new Array<Vehicle>(size);
  // Last locations lie on the demo region's roads, where the live simulator starts the same vehicle: the
  // overview, the trip and location maps and the live map then show one place, on the bundled basemap.
  const startOf = createStartPositions(DEMO_REGION);
  for (let i = 0; i < size; i += 1) {
    const p = ctx.placement(i);
    const id = ids.vehicle(i);
    const start = startOf(id);
    const isLive = r.chance(i, 1, 0.35);
    // An offline vehicle mostly dropped off lately (parked in a depot without signal, its shift over): 70 % within
    // 12 h, 25 % within 3 days, a few up to 14 days (in the workshop). Its history stops there (issue 37 item 7).
    const gone = r.float(i, 14);
    const offlineMinutes =
      gone < 0.7
        ? r.int(i, 2, 10, 12 * 60)
        : gone < 0.95
          ? r.int(i, 2, 12 * 60, 3 * 24 * 60)
          : r.int(i, 2, 3 * 24 * 60, 14 * 24 * 60);
    const lastSeen = isLive ? now - r.int(i, 2, 5, 300) * 1000 : now - offlineMinutes * 60_000;
    // When it entered service: its odometer is the km of its working days since (drive-profile.ts).
    const created = createdAtOf(ctx, r, i);
    // The vehicle as its drive profile (its telemetry history, and the live simulator) has it when last seen: the
    // list, the details, the live view and the history agree (issue 18 item 1, decision 0103). An offline vehicle
    // keeps what it reported last.
    const last = profileAt(driveProfileOf(seed, { id, createdAt: created }), lastSeen);
    const soc = Math.round(last.soc * 10) / 10;
    const modelId = ids.model('EV', p.evModel);
    rows[i] = {
      id,
      vin: flat('MD', String.fromCharCode(65 + p.oem), pad(i + 1, 9), pad(r.int(i, 3, 0, 99_999), 5)),
      registrationNumber: flat(
        'KA',
        pad(r.int(i, 4, 1, 99), 2),
        'E',
        String.fromCharCode(65 + r.int(i, 5, 0, 25)),
        pad(i + 1, 6),
      ),
      vehicleType: vehicleTypeOf.get(modelId) ?? '2 Wheeler',
      modelId,
      oemId: ids.oem(p.oem),
      dealerId: p.dealer === null ? null : ids.dealer(p.dealer),
      fleetId: p.fleet === null ? null : ids.fleet(p.fleet),
      evOwnerId: p.evOwner === null ? null : ids.evOwner(p.evOwner),
      driverId: p.driver === null ? null : ids.driver(p.driver),
      connectivity: r.pick(i, 6, CONNECTIVITY),
      stateCode: last.stateCode as Vehicle['stateCode'],
      isLive,
      lastSeenAt: lastSeen,
      status: r.chance(i, 8, 0.94) ? 1 : 0,
      soc,
      rangeKm: Math.round(soc * RANGE_KM_PER_SOC * 10) / 10,
      odometerKm: Math.round(last.odometer * 100) / 100,
      healthRating: r.pick(i, 12, [1, 1, 2, 2, 2, 3, 3, 4, 5] as const),
      lastLocation: { lat: start.lat, lng: start.lon },
      bmsId: ids.device('BMS', i),
      mcuId: ids.device('MCU', i),
      vcuId: ids.device('VCU', i),
      loggerId: ids.device('LOGGER', i),
      simId: ids.sim(i),
      createdAt: created,
      updatedAt: created,
    };
  }
  return rows;
};
