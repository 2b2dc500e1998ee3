import { ACTION, can, defaultPermissionsFor } from '@/domain/permissions';
import { ROLE_CODES, roleTypeOf } from '@/domain/roles';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const SCOPE_FIELD = {
  oem: 'oemId',
  dealer: 'dealerId',
  fleet: 'fleetId',
  driver: 'driverId',
  evOwner: 'evOwnerId',
} as const;

/** Whether the one permission table lets a role read the vehicle list (or pick vehicles to fit devices to). */
function mayListVehicles(role: (typeof ROLE_CODES)[number]): boolean {
  const permissions = defaultPermissionsFor(role);
  const mayFit = (['BMS.l', 'MCU.l', 'VCU.l'] as const).some((key) => can(permissions, key, ACTION.ASSIGN));
  return mayFit || can(permissions, { anyOf: ['vh.l', 'vh.l.d'] });
}

test.each(ROLE_CODES)('%s: the vehicle list answers 403 without the key, else only rows of its scope', async (role) => {
  const token = await server.tokenOf(role);
  const me = (await server.call({ method: 'GET', url: '/api/auth/me', token })).json().user as Record<string, string>;
  const response = await server.call({ method: 'GET', url: '/api/vehicles?pageSize=1000', token });
  expectContract('get', '/vehicles', response);
  if (!mayListVehicles(role)) {
    expect(response.statusCode).toBe(403);
    return;
  }
  expect(response.statusCode).toBe(200);
  const items = response.json().items as Record<string, unknown>[];
  const type = roleTypeOf(role);
  const field = type in SCOPE_FIELD ? SCOPE_FIELD[type as keyof typeof SCOPE_FIELD] : undefined;
  if (field === undefined) {
    expect(response.json().total).toBeGreaterThan(0);
    return;
  }
  expect(me[field], `${role} acts for one ${field}`).toEqual(expect.any(String));
  // Every scoped demo account holds vehicles in the seeded world, so "only its own" is not met by an empty list.
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((vehicle) => vehicle[field] === me[field])).toBe(true);
});

test.each(ROLE_CODES)('%s: creating a vehicle answers 403 unless the table grants Add', async (role) => {
  const mayAdd = can(defaultPermissionsFor(role), 'vh.l', ACTION.ADD);
  const response = await server.call({
    method: 'POST',
    url: '/api/vehicles',
    token: await server.tokenOf(role),
    // An invalid body: a caller allowed to add gets 400, so nothing is created by this sweep.
    payload: { vin: 'X', registrationNumber: 'X', modelId: 'none', connectivity: '4G' },
  });
  expectContract('post', '/vehicles', response);
  expect(response.statusCode).toBe(mayAdd ? 400 : 403);
});
