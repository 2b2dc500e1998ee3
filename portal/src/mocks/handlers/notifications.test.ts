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

test('filters by one delivery and rejects a method or status the contract does not have', async () => {
  const token = await signIn('SA');
  const res = await call('GET', '/notifications?filter[method]=4&filter[status]=failed&pageSize=1000', { token });
  expect(res.body.total).toBeGreaterThan(0);
  for (const n of res.body.items) {
    expect(n.deliveries.some((d: { method: number; status: string }) => d.method === 4 && d.status === 'failed')).toBe(
      true,
    );
  }
  for (const query of ['filter[method]=3', 'filter[status]=lost']) {
    const bad = await call('GET', `/notifications?${query}`, { token });
    expect(bad.status, query).toBe(400);
    expect(bad.body.code, query).toBe('invalid_query');
  }
});

test('acknowledging needs rule history Update, keeps the first acknowledgement and reads the web alert', async () => {
  const db = await getWorldDb();
  const open = db.tables.notifications.all().find((n) => n.acknowledgedAt === null)!;
  expect((await call('POST', `/notifications/${open.id}/acknowledge`, { token: await signIn('DA') })).status).toBe(403);
  const token = await signIn('SA');
  const first = await call('POST', `/notifications/${open.id}/acknowledge`, { token });
  expect(first.body).toMatchObject({ acknowledgedBy: 'usr-sa', acknowledgedByName: expect.any(String) });
  for (const d of first.body.deliveries) if (d.method === 16) expect(d.status).toBe('delivered');
  const second = await call('POST', `/notifications/${open.id}/acknowledge`, { token });
  expect(second.body).toEqual(first.body);
  expect((await call('POST', '/notifications/ntf-nope/acknowledge', { token })).status).toBe(404);
});
