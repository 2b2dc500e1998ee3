import { expect, test } from 'vitest';
import { createSeedContext, layoutFor } from './context';
import { seedDealers, seedDrivers, seedEvOwners, seedFleets, seedOems } from './organisations';

const ctx = createSeedContext({ seed: 2, size: 500 });
const oems = seedOems(ctx, {});
const dealers = seedDealers(ctx, { oems });
const fleets = seedFleets(ctx, { oems, dealers });

test('seeds the OEMs, service centres, fleets and drivers the layout asks for', () => {
  const layout = layoutFor(500);
  expect(oems.map((o) => o.id)).toEqual(['oem-01', 'oem-02', 'oem-03']);
  expect(dealers).toHaveLength(layout.oems * layout.dealersPerOem);
  expect(fleets).toHaveLength(layout.oems * layout.fleetsPerOem);
  expect(seedDrivers(ctx, { fleets })).toHaveLength(fleets.length * layout.driversPerFleet);
  expect(seedEvOwners(ctx, { dealers })).toHaveLength(layout.evOwners);
});

test('places a fleet with a service centre of its own OEM, and a driver in a fleet', () => {
  const byId = new Map(dealers.map((d) => [d.id, d]));
  for (const fleet of fleets) expect(byId.get(fleet.dealerId as string)?.oemId).toBe(fleet.oemId);
  const drivers = seedDrivers(ctx, { fleets });
  expect(drivers.slice(0, 4).every((d) => d.fleetId === 'flt-0001')).toBe(true);
  expect(drivers[0]?.licenseExpiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('gives the demo EV owner the first service centre, and every owner a unique e-mail', () => {
  const owners = seedEvOwners(ctx, { dealers });
  expect(owners[0]?.dealerId).toBe('dlr-0001');
  expect(new Set(owners.map((o) => o.email)).size).toBe(owners.length);
});
