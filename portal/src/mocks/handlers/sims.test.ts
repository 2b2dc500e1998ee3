import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';

test('answers 401 without a token', async () => {
  expect((await call('GET', '/sims')).status).toBe(401);
});

test('lists SIM cards with paging, filter and search', async () => {
  const token = await signIn('SA');
  const all = await call('GET', '/sims?pageSize=5', { token });
  expect(all.body).toMatchObject({ total: 306, pageSize: 5 });
  const spare = await call('GET', '/sims?filter[assigned]=false&pageSize=100', { token });
  expect(spare.body.total).toBe(6);
  const iccid = all.body.items[0].iccid as string;
  const found = await call('GET', `/sims?q=${iccid}`, { token });
  expect(found.body.items.map((s: { iccid: string }) => s.iccid)).toEqual([iccid]);
});

test('sorts by operator', async () => {
  const token = await signIn('SA');
  const res = await call('GET', '/sims?sort=operator:asc&pageSize=100', { token });
  const ops = res.body.items.map((s: { operator: string }) => s.operator);
  expect(ops).toEqual([...ops].sort());
});

test('answers 403 without component management', async () => {
  const token = await signIn('FA');
  expect((await call('GET', '/sims', { token })).status).toBe(403);
});

const NEW_SIM = { iccid: '8991000000000000001', msisdn: '+91 7000000001', operator: 'Jio' };

test('creates a SIM card, and 409 for an ICCID in use', async () => {
  const token = await signIn('SA');
  const created = await call('POST', '/sims', { token, body: NEW_SIM });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ ...NEW_SIM, loggerId: null, status: 1 });
  expect((await call('POST', '/sims', { token, body: NEW_SIM })).status).toBe(409);
});

test('answers field errors for a bad ICCID and missing fields', async () => {
  const token = await signIn('SA');
  const res = await call('POST', '/sims', { token, body: { iccid: '12', msisdn: '', operator: '' } });
  expect(res.body.fieldErrors).toEqual({
    iccid: 'The ICCID has 19 or 20 digits.',
    msisdn: 'Enter the phone number.',
    operator: 'Enter the operator.',
  });
});

test('putting a SIM into a logger takes the old one out', async () => {
  const token = await signIn('SA');
  const created = await call('POST', '/sims', { token, body: NEW_SIM });
  const res = await call('POST', `/sims/${created.body.id}/assign`, { token, body: { loggerId: 'logger-000001' } });
  expect(res.body.loggerId).toBe('logger-000001');
  expect((await call('GET', '/sims/sim-000001', { token })).body.loggerId).toBeNull();
});

test('updates, deactivates and deletes a SIM card', async () => {
  const token = await signIn('SA');
  expect((await call('PATCH', '/sims/sim-000002', { token, body: { operator: 'Vi' } })).body.operator).toBe('Vi');
  expect((await call('POST', '/sims/sim-000002/status', { token, body: { status: 0 } })).body.status).toBe(0);
  expect((await call('DELETE', '/sims/sim-000002', { token })).status).toBe(204);
  expect((await call('GET', '/sims/sim-000002', { token })).status).toBe(404);
  expect((await call('GET', '/vehicles/veh-000002', { token })).body.simId).toBeNull();
});

test('an employee of another component may not delete SIM cards', async () => {
  const token = await signIn('GPSE');
  expect((await call('DELETE', '/sims/sim-000003', { token })).status).toBe(403);
});

test('a SIM card whose logger is deleted stays, in no logger', async () => {
  const token = await signIn('SA');
  expect((await call('GET', '/sims/sim-000004', { token })).body.loggerId).toBe('logger-000004');
  expect((await call('DELETE', '/devices/logger-000004', { token })).status).toBe(204);
  expect((await call('GET', '/sims/sim-000004', { token })).body.loggerId).toBeNull();
});
