import { CITIES, COUNTRIES, FLEET_KINDS, FLEET_WORDS, OEM_NAMES } from '../catalog';
import { pad } from '../prng';
import type { Dealer, Driver, EvOwner, Fleet, Oem } from '../types';
import { address, createdAtOf, ids, personName, phone, type Seeder, TIME } from './context';

/** The OEMs: as many as the layout says, named from the catalogue. */
export const seedOems: Seeder<'oems'> = (ctx) => {
  const r = ctx.rng('oems');
  return Array.from(
    { length: ctx.layout.oems },
    (_, i): Oem => ({
      id: ids.oem(i),
      name: OEM_NAMES[i] ?? `OEM ${i + 1}`,
      code: (OEM_NAMES[i] ?? `OEM${i}`).replace(/[^A-Z]/g, '').slice(0, 3) + pad(i + 1, 2),
      country: r.pick(i, 0, COUNTRIES),
      status: 1,
      createdAt: ctx.now - (1200 - i) * TIME.DAY,
    }),
  );
};

/** The service centres: dealer `i` belongs to OEM `i % oems`. */
export const seedDealers: Seeder<'dealers', 'oems'> = (ctx, { oems }) => {
  const r = ctx.rng('dealers');
  return Array.from({ length: oems.length * ctx.layout.dealersPerOem }, (_, i): Dealer => {
    const city = r.pick(i, 0, CITIES);
    return {
      id: ids.dealer(i),
      name: `${city.name} Service Centre ${i + 1}`,
      code: `SC${pad(i + 1, 4)}`,
      oemId: (oems[i % oems.length] as Oem).id,
      city: city.name,
      email: `service${i + 1}@dealers.voltline.demo`,
      phone: phone(r, i),
      address: address(r, i, city.name),
      status: r.chance(i, 1, 0.95) ? 1 : 0,
      createdAt: createdAtOf(ctx, r, i),
    };
  });
};

/** The fleets: fleet `i` belongs to OEM `i % oems` and is serviced by one of that OEM's service centres. */
export const seedFleets: Seeder<'fleets', 'oems' | 'dealers'> = (ctx, { oems, dealers }) => {
  const r = ctx.rng('fleets');
  return Array.from({ length: oems.length * ctx.layout.fleetsPerOem }, (_, i): Fleet => {
    const oem = i % oems.length;
    return {
      id: ids.fleet(i),
      name: `${r.pick(i, 0, FLEET_WORDS)} ${r.pick(i, 1, FLEET_KINDS)} ${i + 1}`,
      oemId: (oems[oem] as Oem).id,
      dealerId: (dealers[oem + oems.length * r.int(i, 2, 0, ctx.layout.dealersPerOem - 1)] as Dealer).id,
      city: r.pick(i, 3, CITIES).name,
      email: `ops${i + 1}@fleets.voltline.demo`,
      phone: phone(r, i),
      address: address(r, i, r.pick(i, 3, CITIES).name),
      status: r.chance(i, 4, 0.95) ? 1 : 0,
      createdAt: createdAtOf(ctx, r, i),
    };
  });
};

/** The drivers: `driversPerFleet` for every fleet, in fleet order. */
export const seedDrivers: Seeder<'drivers', 'fleets'> = (ctx, { fleets }) => {
  const r = ctx.rng('drivers');
  const perFleet = ctx.layout.driversPerFleet;
  return Array.from(
    { length: fleets.length * perFleet },
    (_, i): Driver => ({
      id: ids.driver(i),
      name: personName(r, i),
      fleetId: (fleets[Math.floor(i / perFleet)] as Fleet).id,
      phone: phone(r, i),
      licenseNumber: `DL${pad(r.int(i, 2, 0, 99), 2)}${pad(r.int(i, 3, 0, 99_999_999_999), 11)}`,
      email: null,
      licenseExpiresOn: new Date(ctx.now + r.int(i, 12, -60, 3 * 365) * TIME.DAY).toISOString().slice(0, 10),
      status: r.chance(i, 4, 0.93) ? 1 : 0,
      createdAt: createdAtOf(ctx, r, i),
    }),
  );
};

/** The EV owners: most are serviced by a service centre (the first, the demo owner's, by the first centre). */
export const seedEvOwners: Seeder<'evOwners', 'dealers'> = (ctx, { dealers }) => {
  const r = ctx.rng('evOwners');
  return Array.from({ length: ctx.layout.evOwners }, (_, i): EvOwner => {
    const name = personName(r, i);
    const dealer = i === 0 ? 0 : r.chance(i, 3, 0.8) ? r.int(i, 4, 0, dealers.length - 1) : null;
    return {
      id: ids.evOwner(i),
      name,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}.${i + 1}@owners.voltline.demo`,
      phone: phone(r, i),
      city: r.pick(i, 2, CITIES).name,
      address: address(r, i, r.pick(i, 2, CITIES).name),
      dealerId: dealer === null ? null : (dealers[dealer] as Dealer).id,
      status: r.chance(i, 5, 0.96) ? 1 : 0,
      createdAt: createdAtOf(ctx, r, i),
    };
  });
};
