import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';

test('answers 401 without a token', async () => {
  expect((await call('GET', '/audit')).status).toBe(401);
});

test('starts empty and lists writes newest first', async () => {
  const token = await signIn('SA');
  expect((await call('GET', '/audit', { token })).body.total).toBe(0);
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/status', { token, body: { status: 0 } });
  const res = await call('GET', '/audit', { token });
  expect(res.body.items.map((a: { action: string }) => a.action)).toEqual(['Change Status', 'Resync']);
  expect(res.body.items[0]).toMatchObject({ entity: 'Vehicle', userName: expect.stringContaining('(SA)') });
});

test('filters by action and searches the summary', async () => {
  const token = await signIn('SA');
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('POST', '/vehicles/veh-000002/status', { token, body: { status: 0 } });
  expect((await call('GET', '/audit?filter[action]=Resync', { token })).body.total).toBe(1);
  expect((await call('GET', '/audit?q=deactivated', { token })).body.total).toBe(1);
});

test('answers 403 without the audit permission', async () => {
  const token = await signIn('DA');
  expect((await call('GET', '/audit', { token })).status).toBe(403);
});
