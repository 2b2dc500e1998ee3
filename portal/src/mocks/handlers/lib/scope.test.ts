import { expect, test } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import { getWorldDb } from '../../world/world-instance';
import type { AuthContext } from './auth-context';
import { signIn } from '../../test/api-test-client';
import { deviceFilterFor, liveScopeOf, vehicleFilterFor } from './scope';

async function contextOf(userId: string): Promise<AuthContext> {
  const db = await getWorldDb();
  const user = db.tables.users.get(userId)!;
  const roleType = { DA: 'dealer', FA: 'fleet', SA: 'platform', BMSA: 'bms' }[
    user.role as 'DA'
  ] as AuthContext['roleType'];
  return { sessionId: 't', user, roleType, permissions: defaultPermissionsFor(user.role) };
}

test('a service centre sees the devices fitted to its vehicles and no spares', async () => {
  const db = await getWorldDb();
  const ctx = await contextOf('usr-da');
  const visible = db.tables.bmsDevices.all().filter(deviceFilterFor(ctx, db));
  const mine = db.tables.vehicles.all().filter(vehicleFilterFor(ctx));
  expect(visible.map((d) => d.vehicleId).sort()).toEqual(mine.map((v) => v.id).sort());
});

test('component staff see every device', async () => {
  const db = await getWorldDb();
  const ctx = await contextOf('usr-bmsa');
  expect(db.tables.bmsDevices.all().filter(deviceFilterFor(ctx, db))).toHaveLength(db.tables.bmsDevices.size);
});

test("the live broker's rule for a session token: a fleet admin's vehicles, everything for staff, nothing unknown", async () => {
  const db = await getWorldDb();
  const fleetRule = liveScopeOf(db, await signIn('FA'));
  const fa = db.tables.users.all().find((u) => u.role === 'FA')!;
  const vehicles = db.tables.vehicles.all();
  const theirs = vehicles.filter((v) => v.fleetId === fa.fleetId);
  expect(theirs.length).toBeGreaterThan(0);
  expect(fleetRule).not.toBeNull();
  expect(vehicles.filter((v) => fleetRule!(v.id)).map((v) => v.id)).toEqual(theirs.map((v) => v.id));
  expect(fleetRule!('no-such-vehicle')).toBe(false);
  expect(liveScopeOf(db, await signIn('SA'))).toBeNull();
  const unknown = liveScopeOf(db, 'not-a-session');
  expect(vehicles.some((v) => unknown!(v.id))).toBe(false);
  expect(liveScopeOf(db, undefined)!(vehicles[0]!.id)).toBe(false);
});
