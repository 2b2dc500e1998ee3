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
