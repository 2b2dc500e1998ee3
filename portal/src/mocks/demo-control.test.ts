import { afterEach, expect, test } from 'vitest';
import { getDemoWorldInfo, resetDemoWorld, setDemoWorldSize } from './demo-control';
import { call, signIn } from './test/api-test-client';
import { forgetWorldDb } from './world/world-instance';

// The size setting must not leak into the next test's world.
afterEach(async () => {
  localStorage.clear();
  await resetDemoWorld();
});

test('reset brings back a deleted vehicle and ends sessions', async () => {
  const token = await signIn('SA');
  await call('DELETE', '/vehicles/veh-000007', { token });
  await resetDemoWorld();
  forgetWorldDb();
  expect((await call('GET', '/vehicles/veh-000007', { token })).status).toBe(401);
  const fresh = await signIn('SA');
  expect((await call('GET', '/vehicles/veh-000007', { token: fresh })).status).toBe(200);
});

test('changing the size regenerates the world at that size and keeps it after a reload', async () => {
  await setDemoWorldSize(1200);
  expect(await getDemoWorldInfo()).toEqual({ seed: 1, size: 1200, maxSize: 100_000 });
  forgetWorldDb();
  const token = await signIn('SA');
  expect((await call('GET', '/vehicles?pageSize=1', { token })).body.total).toBe(1200);
});
