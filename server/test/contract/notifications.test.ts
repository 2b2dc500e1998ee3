import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Delivery = { method: number; status: string; error: string | null; at: string };
type Notification = {
  id: string;
  vehicleId: string;
  ruleName: string;
  title: string;
  severity: number;
  deliveryMethods: number;
  sentAt: string;
  deliveries: Delivery[];
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  acknowledgedByName: string | null;
};
type Page = { items: Notification[]; total: number; page: number; pageSize: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function acknowledge(role: string, id: string) {
  return server.call({
    method: 'POST',
    url: `/api/notifications/${id}/acknowledge`,
    token: await server.tokenOf(role),
  });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/notifications${query}`);
  expectContract('get', '/notifications', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const notifications = () => server.database.db.selectFrom('notifications');

async function count(where: (q: ReturnType<typeof notifications>) => ReturnType<typeof notifications>) {
  const row = await where(notifications()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

const auditCount = async () =>
  (await server.database.db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

const userOf = (role: string) =>
  server.database.db
    .selectFrom('users')
    .select(['id', 'name', 'oem_id', 'ev_owner_id'])
    .where('email', '=', `${role.toLowerCase()}@voltline.demo`)
    .executeTakeFirstOrThrow();

/** A notification nobody acknowledged yet, on a vehicle of this OEM (or, with `not`, of another one). */
async function openNotificationOfOem(oemId: string, not = false) {
  return server.database.db
    .selectFrom('notifications')
    .innerJoin('vehicles', 'vehicles.id', 'notifications.vehicle_id')
    .select(['notifications.id', 'notifications.title', 'notifications.vehicle_id'])
    .where('notifications.acknowledged_at', 'is', null)
    .where('vehicles.oem_id', not ? '<>' : '=', oemId)
    .orderBy('notifications.id')
    .executeTakeFirstOrThrow();
}

describe('list', () => {
  test('one per seeded high or worse fault, newest first; filters, delivery filters, search and paging in SQL', async () => {
    const all = await list('SA', '?pageSize=1000');
    expect(all.total).toBe(await count((q) => q));
    expect(all.total).toBe(
      (
        await server.database.db
          .selectFrom('faults')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('severity', '>=', 3)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const times = all.items.map((n) => Date.parse(n.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const critical = await list('SA', '?filter[severity]=4,5&pageSize=1000');
    expect(critical.total).toBeGreaterThan(0);
    for (const n of critical.items) expect(n.deliveryMethods & (2 | 4)).toBe(6);

    // method and status test the same delivery: an SMS that failed.
    const failedSms = await list('SA', '?filter[method]=4&filter[status]=failed&pageSize=1000');
    const expected = all.items.filter((n) => n.deliveries.some((d) => d.method === 4 && d.status === 'failed'));
    expect(failedSms.items.map((n) => n.id).sort()).toEqual(expected.map((n) => n.id).sort());
    expect(expected.length).toBeGreaterThan(0);
    const sentWebAlerts = await list('SA', '?filter[method]=16&filter[status]=sent&pageSize=1000');
    expect(sentWebAlerts.total).toBe(
      all.items.filter((n) => n.deliveries.some((d) => d.method === 16 && d.status === 'sent')).length,
    );

    const acknowledged = await list('SA', '?filter[acknowledged]=true&pageSize=1000');
    expect(acknowledged.total).toBe(await count((q) => q.where('acknowledged_at', 'is not', null)));
    // The name of who acknowledged is the account's.
    const sa = await userOf('SA');
    expect(acknowledged.items.find((n) => n.acknowledgedBy === sa.id)?.acknowledgedByName).toBe(sa.name);

    const first = all.items[0] as Notification;
    const ofVehicle = await list('SA', `?filter[vehicleId]=${first.vehicleId}&q=${encodeURIComponent(first.title)}`);
    expect(ofVehicle.items.map((n) => n.id)).toContain(first.id);
    for (const n of ofVehicle.items) expect(n.vehicleId).toBe(first.vehicleId);
    const names = (await list('SA', '?sort=ruleName:asc,sentAt:desc&pageSize=1000')).items.map((n) =>
      n.ruleName.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());
  });

  test("an EV owner sees only their vehicles' notifications; a VCU admin may not read them (403)", async () => {
    const owner = await userOf('EVO');
    const mine = await list('EVO', '?pageSize=1000');
    const own = await server.database.db
      .selectFrom('notifications')
      .innerJoin('vehicles', 'vehicles.id', 'notifications.vehicle_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('vehicles.ev_owner_id', '=', owner.ev_owner_id)
      .executeTakeFirstOrThrow();
    expect(mine.total).toBe(own.n);
    expect(mine.total).toBeLessThan(await count((q) => q));
    const refused = await call('VCUA', '/api/notifications');
    expectContract('get', '/notifications', refused);
    expect(refused.statusCode).toBe(403);
  });

  test('unknown filter values and sorts are 400 invalid_query', async () => {
    for (const query of ['?filter[method]=3', '?filter[status]=lost', '?filter[acknowledged]=yes', '?sort=title:asc']) {
      const response = await call('SA', `/api/notifications${query}`);
      expectContract('get', '/notifications', response);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('invalid_query');
    }
  });
});

describe('acknowledge', () => {
  test('the first acknowledgement is kept, reads its web alerts and is audited once as Rule / Update', async () => {
    const oema = await userOf('OEMA');
    const open = await openNotificationOfOem(oema.oem_id as string);
    const before = await auditCount();
    const first = await acknowledge('OEMA', open.id);
    expectContract('post', '/notifications/{id}/acknowledge', first);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as Notification;
    expect(body).toMatchObject({ id: open.id, acknowledgedBy: oema.id, acknowledgedByName: oema.name });
    expect(body.deliveries.filter((d) => d.method === 16).map((d) => d.status)).toEqual(['delivered']);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Rule', entity_id: open.id, action: 'Update', user_id: oema.id });
    expect(entry.summary).toBe(`Acknowledged notification "${open.title}" on ${open.vehicle_id}`);

    const second = await acknowledge('SA', open.id);
    expectContract('post', '/notifications/{id}/acknowledge', second);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(body);
    expect(await auditCount()).toBe(before + 1);
  });

  test('without rule history Update 403; a notification outside the scope 404; neither writes', async () => {
    const oema = await userOf('OEMA');
    const elsewhere = await openNotificationOfOem(oema.oem_id as string, true);
    const before = await auditCount();
    const refused = await acknowledge('DA', elsewhere.id);
    expectContract('post', '/notifications/{id}/acknowledge', refused);
    expect(refused.statusCode).toBe(403);
    const hidden = await acknowledge('OEMA', elsewhere.id);
    expectContract('post', '/notifications/{id}/acknowledge', hidden);
    expect(hidden.statusCode).toBe(404);
    const unknown = await acknowledge('SA', 'ntf-nope');
    expectContract('post', '/notifications/{id}/acknowledge', unknown);
    expect(unknown.statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
    expect(await count((q) => q.where('id', '=', elsewhere.id).where('acknowledged_at', 'is not', null))).toBe(0);
  });
});
