import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';

test('answers 401 without a token and 403 without su.DG', async () => {
  expect((await call('GET', '/device-groups')).status).toBe(401);
  expect((await call('GET', '/device-groups', { token: await signIn('FE') })).status).toBe(403);
});

test('lists the groups of owners in scope with their members now', async () => {
  const fa = await signIn('FA');
  const res = await call('GET', '/device-groups', { token: fa });
  expect(res.body.items.map((g: { name: string }) => g.name)).toEqual(['Pilot vehicles', 'Whole fleet']);
  const pilot = res.body.items[0];
  expect(pilot).toMatchObject({ ownerKind: 'fleet', ownerId: 'flt-0001', mode: 'pick', vehicleIds: ['veh-000002'] });
  expect(res.body.items[1].vehicleIds).toContain('veh-000002');
  const da = await signIn('DA');
  const dealer = await call('GET', '/device-groups', { token: da });
  expect(dealer.body.items.map((g: { name: string }) => g.name)).toContain('Active service vehicles');
  expect((await call('GET', '/device-groups/dgr-0003', { token: await signIn('DA') })).status).toBe(404);
});

test('creates, edits and deletes a group, each audited', async () => {
  const sa = await signIn('SA');
  const created = await call('POST', '/device-groups', {
    token: sa,
    body: { name: 'Active fleet', ownerKind: 'fleet', ownerId: 'flt-0001', mode: 'filter', filter: { status: 1 } },
  });
  expect(created.status).toBe(201);
  expect(created.body.ownerName).toEqual(expect.any(String));
  const edited = await call('PATCH', `/device-groups/${created.body.id}`, {
    token: sa,
    body: { name: 'Pilot 2', ownerKind: 'fleet', ownerId: 'flt-0001', mode: 'pick', vehicleIds: ['veh-000002'] },
  });
  expect(edited.body).toMatchObject({ name: 'Pilot 2', vehicleIds: ['veh-000002'], filter: null });
  expect((await call('DELETE', `/device-groups/${created.body.id}`, { token: sa })).status).toBe(204);
  const audit = await call('GET', `/audit?filter[entity]=Access&filter[entityId]=${created.body.id}`, { token: sa });
  expect(audit.body.items.map((a: { action: string }) => a.action).sort()).toEqual(['Add', 'Delete', 'Update']);
});

test('a group with no owner, or vehicles its owner does not have, is refused', async () => {
  const sa = await signIn('SA');
  const noOwner = await call('POST', '/device-groups', {
    token: sa,
    body: { name: 'Orphans', ownerKind: 'fleet', ownerId: '', mode: 'filter' },
  });
  expect(noOwner.status).toBe(400);
  expect(noOwner.body.fieldErrors).toEqual({ ownerId: 'Choose the owner of the group.' });
  const foreign = await call('POST', '/device-groups', {
    token: sa,
    body: { name: 'Mixed', ownerKind: 'fleet', ownerId: 'flt-0001', mode: 'pick', vehicleIds: ['veh-000001'] },
  });
  expect(foreign.body.fieldErrors.vehicleIds).toMatch(/Not vehicles of this owner/);
  const fa = await signIn('FA');
  const other = await call('POST', '/device-groups', {
    token: fa,
    body: { name: 'Theirs', ownerKind: 'fleet', ownerId: 'flt-0002', mode: 'filter' },
  });
  expect(other.body.fieldErrors).toEqual({ ownerId: 'Choose the owner of the group.' });
});
