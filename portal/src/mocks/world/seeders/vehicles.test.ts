import { expect, test } from 'vitest';
import { driveProfileOf, profileAt } from '../drive-profile';
import { createSeedContext, ids } from './context';
import { seedModels } from './models';
import { seedOems } from './organisations';
import { seedVehicles } from './vehicles';

const ctx = createSeedContext({ seed: 8, size: 120 });
const models = seedModels(ctx, { oems: seedOems(ctx, {}) });
const vehicles = seedVehicles(ctx, { models });

test('seeds one vehicle per unit of size, placed as ctx.placement says', () => {
  expect(vehicles).toHaveLength(120);
  vehicles.forEach((v, i) => {
    const p = ctx.placement(i);
    expect(v.id).toBe(ids.vehicle(i));
    expect(v.oemId).toBe(ids.oem(p.oem));
    expect(v.modelId).toBe(ids.model('EV', p.evModel));
    expect(v.fleetId).toBe(p.fleet === null ? null : ids.fleet(p.fleet));
  });
});

test('takes its vehicle type from its model and its charge from its drive profile when last seen', () => {
  const typeOf = new Map(models.map((m) => [m.id, m.vehicleType]));
  for (const v of vehicles) {
    expect(v.vehicleType).toBe(typeOf.get(v.modelId));
    expect(v.soc).toBe(Math.round(profileAt(driveProfileOf(ctx.seed, v), v.lastSeenAt as number).soc * 10) / 10);
    expect(v.lastSeenAt).toBeLessThanOrEqual(ctx.now);
  }
});

test('gives the demo accounts vehicles: the first to the first owner, the second to the first fleet and driver', () => {
  expect(vehicles[0]).toMatchObject({ evOwnerId: 'evo-000001', dealerId: 'dlr-0001', oemId: 'oem-01' });
  expect(vehicles[1]).toMatchObject({ fleetId: 'flt-0001', driverId: 'drv-00001', oemId: 'oem-01' });
});
