import { expect, test } from 'vitest';
import { forgetWorldDb } from '../world/world-instance';
import { call, signIn } from '../test/api-test-client';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [73.8, 18.5],
      [73.81, 18.5],
      [73.81, 18.51],
      [73.8, 18.51],
      [73.8, 18.5],
    ],
  ],
};
const NEW_FENCE = {
  name: 'Baner depot',
  rule: 'enter',
  deliveryMethods: 16,
  geometry: square,
  vehicleIds: ['veh-000003'],
};

test('answers 401 without a token', async () => {
  expect((await call('GET', '/geofences')).status).toBe(401);
});

test('lists the seeded geofences and finds one by name', async () => {
  const token = await signIn('SA');
  const all = await call('GET', '/geofences?sort=name:asc', { token });
  expect(all.body.items.map((g: { name: string }) => g.name)).toEqual([
    'Hinjewadi IT Park',
    'Katraj Service Centre',
    'Magarpatta Charging Hub',
    'Pune Station Depot',
  ]);
  const found = await call('GET', '/geofences?q=station', { token });
  expect(found.body.items.map((g: { id: string }) => g.id)).toEqual(['GF-STATION']);
});

test('creates a geofence that is still there after a reload, with an audit entry', async () => {
  const token = await signIn('SA');
  const created = await call('POST', '/geofences', { token, body: NEW_FENCE });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    name: 'Baner depot',
    rule: 'enter',
    dwellMinutes: null,
    vehicleIds: ['veh-000003'],
  });
  forgetWorldDb();
  const again = await call('GET', `/geofences/${created.body.id}`, { token });
  expect(again.body.geometry).toEqual(square);
  const audit = await call('GET', `/audit?filter[entity]=Geofence&filter[entityId]=${created.body.id}`, { token });
  expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['Add']);
});

test('answers field errors for an empty name, a crossing polygon and unknown vehicles', async () => {
  const token = await signIn('SA');
  const bowTie = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ],
    ],
  };
  const res = await call('POST', '/geofences', {
    token,
    body: { ...NEW_FENCE, name: ' ', geometry: bowTie, vehicleIds: ['veh-999999'] },
  });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual({
    name: 'Enter a name.',
    geometry: 'The polygon crosses itself.',
    vehicleIds: 'Unknown vehicles: veh-999999.',
  });
});

test('the dwell rule needs its minutes', async () => {
  const token = await signIn('SA');
  const res = await call('POST', '/geofences', { token, body: { ...NEW_FENCE, rule: 'dwell' } });
  expect(res.body.fieldErrors).toEqual({ dwellMinutes: 'Enter whole minutes between 1 and 1440.' });
});

test('updates the rule and deletes a geofence', async () => {
  const token = await signIn('SA');
  const updated = await call('PATCH', '/geofences/GF-KATRAJ', { token, body: { rule: 'dwell', dwellMinutes: 15 } });
  expect(updated.body).toMatchObject({ rule: 'dwell', dwellMinutes: 15, name: 'Katraj Service Centre' });
  expect((await call('DELETE', '/geofences/GF-KATRAJ', { token })).status).toBe(204);
  expect((await call('GET', '/geofences/GF-KATRAJ', { token })).status).toBe(404);
});

test('a fleet admin sees only the assigned vehicles of their own fleet', async () => {
  const sa = await signIn('SA');
  const all = (await call('GET', '/geofences/GF-STATION', { token: sa })).body.vehicleIds as string[];
  const fa = await signIn('FA');
  const scoped = (await call('GET', '/geofences/GF-STATION', { token: fa })).body.vehicleIds as string[];
  expect(all).toHaveLength(12);
  expect(scoped.length).toBeLessThan(all.length);
  expect(scoped.every((id) => all.includes(id))).toBe(true);
});

test('a role with read-only geofencing may not delete', async () => {
  const token = await signIn('OEME');
  expect((await call('GET', '/geofences', { token })).status).toBe(200);
  expect((await call('DELETE', '/geofences/GF-STATION', { token })).status).toBe(403);
});
