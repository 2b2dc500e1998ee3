import { expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

test('answers 401 without a token', async () => {
  expect((await call('GET', '/notifications')).status).toBe(401);
});

test('lists one notification per high or worse fault, newest first', async () => {
  const token = await signIn('SA');
  const db = await getWorldDb();
  const res = await call('GET', '/notifications?pageSize=1000', { token });
  expect(res.body.total).toBe(db.tables.faults.all().filter((f) => f.severity >= 3).length);
  const times = res.body.items.map((n: { sentAt: string }) => Date.parse(n.sentAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test('critical faults are also sent by e-mail and SMS', async () => {
  const token = await signIn('SA');
  const res = await call('GET', '/notifications?filter[severity]=4,5&pageSize=1000', { token });
  for (const n of res.body.items) expect(n.deliveryMethods & (2 | 4)).toBe(6);
});

test('filters the notifications of one vehicle and keeps an EV owner to their own', async () => {
  const db = await getWorldDb();
  const vehicleId = db.tables.notifications.all()[0]!.vehicleId;
  const sa = await signIn('SA');
  const res = await call('GET', `/notifications?filter[vehicleId]=${vehicleId}`, { token: sa });
  for (const n of res.body.items) expect(n.vehicleId).toBe(vehicleId);
  const owner = await signIn('EVO');
  const mine = new Set(
    db.tables.vehicles
      .all()
      .filter((v) => v.evOwnerId === 'evo-000001')
      .map((v) => v.id),
  );
  const own = await call('GET', '/notifications?pageSize=1000', { token: owner });
  for (const n of own.body.items) expect(mine.has(n.vehicleId)).toBe(true);
});
