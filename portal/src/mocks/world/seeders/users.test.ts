import { expect, test } from 'vitest';
import { ROLE_CODES } from '@/domain/roles';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo-users';
import { createSeedContext } from './context';
import { seedDealers, seedFleets, seedOems } from './organisations';
import { seedUsers } from './users';

const ctx = createSeedContext({ seed: 1, size: 300 });
const oems = seedOems(ctx, {});
const dealers = seedDealers(ctx, { oems });
const fleets = seedFleets(ctx, { oems, dealers });
const users = seedUsers(ctx, { oems, dealers, fleets });

test('seeds one account per role code, the demo users among them, then an admin per organisation', () => {
  expect(users).toHaveLength(ROLE_CODES.length + oems.length + dealers.length + fleets.length);
  for (const demo of DEMO_USERS) expect(users.some((u) => u.email === demo.email)).toBe(true);
  expect(users.every((u) => u.password === DEMO_PASSWORD && u.status === 1)).toBe(true);
  expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
});

test("scopes a staff admin to its organisation and that organisation's OEM", () => {
  const dealer = dealers[4];
  const admin = users.find((u) => u.id === 'usr-dlr-0005');
  expect(admin).toMatchObject({ role: 'DA', dealerId: dealer?.id, oemId: dealer?.oemId });
  expect(users.find((u) => u.id === 'usr-dr')).toMatchObject({ fleetId: 'flt-0001', driverId: 'drv-00001' });
});
