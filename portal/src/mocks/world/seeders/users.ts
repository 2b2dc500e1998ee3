import type { RoleCode } from '@/domain/roles';
import { ROLE_CODES } from '@/domain/roles';
import { DEMO_PASSWORD, demoEmailFor } from '../demo-users';
import { pad } from '../prng';
import type { UserRecord } from '../types';
import { ids, personName, type Seeder, TIME } from './context';

/**
 * The accounts: one named account per role code (the login page's demo users are among them), acting for the first
 * OEM, service centre, fleet, driver or owner, then an admin of every OEM, service centre and fleet.
 */
export const seedUsers: Seeder<'users', 'oems' | 'dealers' | 'fleets'> = (ctx, { oems, dealers, fleets }) => {
  const r = ctx.rng('users');
  const created = ctx.now - 400 * TIME.DAY;
  const scopeFor = (role: RoleCode): Partial<UserRecord> => {
    if (role === 'OEMA' || role === 'OEME') return { oemId: ids.oem(0) };
    if (role === 'DA' || role === 'DE') return { oemId: ids.oem(0), dealerId: ids.dealer(0) };
    if (role === 'FA' || role === 'FE') return { oemId: ids.oem(0), fleetId: ids.fleet(0) };
    if (role === 'DR') return { oemId: ids.oem(0), fleetId: ids.fleet(0), driverId: ids.driver(0) };
    if (role === 'EVO') return { evOwnerId: ids.evOwner(0) };
    return {};
  };
  const byRole: UserRecord[] = ROLE_CODES.map((role, i) => ({
    id: `usr-${role.toLowerCase()}`,
    name: `${personName(r, i)} (${role})`,
    email: demoEmailFor(role),
    role,
    ...scopeFor(role),
    status: 1,
    createdAt: created,
    password: DEMO_PASSWORD,
  }));
  // Staff of the other organisations, so every OEM, dealer and fleet can be signed into.
  const staff: UserRecord[] = [];
  const add = (id: string, role: RoleCode, scope: Partial<UserRecord>) => {
    staff.push({
      id,
      name: personName(r, 1000 + staff.length),
      email: `${id}@staff.voltline.demo`,
      role,
      ...scope,
      status: 1,
      createdAt: created,
      password: DEMO_PASSWORD,
    });
  };
  for (const [o, oem] of oems.entries()) add(`usr-oem-${pad(o + 1, 2)}`, 'OEMA', { oemId: oem.id });
  for (const [d, dealer] of dealers.entries()) {
    add(`usr-dlr-${pad(d + 1, 4)}`, 'DA', { oemId: dealer.oemId, dealerId: dealer.id });
  }
  for (const [f, fleet] of fleets.entries()) {
    add(`usr-flt-${pad(f + 1, 4)}`, 'FA', { oemId: fleet.oemId, fleetId: fleet.id });
  }
  return [...byRole, ...staff];
};
