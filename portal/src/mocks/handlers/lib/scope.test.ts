import { expect, test } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import { getWorldDb } from '../../world/world-instance';
import type { AuthContext } from './auth-context';
import { deviceFilterFor, vehicleFilterFor } from './scope';

async function contextOf(userId: string): Promise<AuthContext> {
  const db = await getWorldDb();
  const user = db.tables.users.get(userId)!;
  const roleType = { DA: 'dealer', FA: 'fleet', SA: 'platform', BMSA: 'bms' }[
    user.role as 'DA'
  ] as AuthContext['roleType'];
  return { token: 't', user, roleType, permissions: defaultPermissionsFor(user.role) };
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
