import { sql } from 'kysely';
import { defaultPermissionsFor } from '@/domain/permissions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Panel = { id: string; panel: string; x: number; y: number; w: number; h: number };
type Dashboard = { id: string; name: string; panels: Panel[]; builtIn: boolean };

const PANELS: Panel[] = [
  { id: 'a', panel: 'fleet-status', x: 0, y: 0, w: 12, h: 2 },
  { id: 'b', panel: 'fault-summary', x: 0, y: 2, w: 4, h: 4 },
];

async function send(role: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url: `/api${url}`, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function list(role: string): Promise<Dashboard[]> {
  const response = await send(role, 'GET', '/dashboards');
  expectContract('get', '/dashboards', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard[];
}

const counts = async () => {
  const db = server.database.db;
  const d = await db.selectFrom('dashboards').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { dashboards: d.n, audit: a.n };
};

const auditOf = (id: string) =>
  server.database.db
    .selectFrom('audit')
    .selectAll()
    .where('entity', '=', 'Dashboard')
    .where('entity_id', '=', id)
    .orderBy('seq', 'asc')
    .execute();

describe('list', () => {
  test('a caller who saved nothing gets their role default, without the panels they may not see', async () => {
    const sa = await list('SA');
    expect(sa).toHaveLength(1);
    expect(sa[0]).toMatchObject({ id: 'default-platform', builtIn: true, createdAt: null, updatedAt: null });
    expect(sa[0]?.panels.map((p) => p.panel)).toContain('co2');
    expect((await list('DR'))[0]?.panels.map((p) => p.panel)).toEqual(['my-vehicles', 'map']);
    expect((await list('GPSA'))[0]?.panels.map((p) => p.panel)).toEqual(['fault-summary', 'recent-faults']);
  });

  test('401 without a token', async () => {
    const response = await server.call({ method: 'GET', url: '/api/dashboards' });
    expectContract('get', '/dashboards', response);
    expect(response.statusCode).toBe(401);
  });
});

describe('writes', () => {
  test('adds, renames, re-lays out and deletes a dashboard; each write is audited in its transaction', async () => {
    const created = await send('OEMA', 'POST', '/dashboards', { name: ' Operations ', panels: PANELS });
    expectContract('post', '/dashboards', created);
    expect(created.statusCode, created.body).toBe(201);
    const dashboard = created.json() as Dashboard;
    expect(dashboard).toMatchObject({ name: 'Operations', builtIn: false, panels: PANELS });
    const row = await server.database.db
      .selectFrom('dashboards')
      .selectAll()
      .where('id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'OEMA', position: 0 });

    const renamed = await send('OEMA', 'PATCH', `/dashboards/${dashboard.id}`, { name: 'Ops' });
    expectContract('patch', '/dashboards/{id}', renamed);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().panels).toEqual(PANELS);
    const moved = [
      { ...PANELS[0], y: 4 },
      { ...PANELS[1], y: 0, w: 6 },
    ];
    const relaid = await send('OEMA', 'PATCH', `/dashboards/${dashboard.id}`, { panels: moved });
    expect(relaid.json()).toMatchObject({ name: 'Ops', panels: moved });
    expect(await list('OEMA')).toEqual([expect.objectContaining({ id: dashboard.id, name: 'Ops', panels: moved })]);

    const second = await send('OEMA', 'POST', '/dashboards', { name: 'Second', panels: [] });
    expect((await list('OEMA')).map((d) => d.name)).toEqual(['Ops', 'Second']);

    const deleted = await send('OEMA', 'DELETE', `/dashboards/${dashboard.id}`);
    expectContract('delete', '/dashboards/{id}', deleted);
    expect(deleted.statusCode).toBe(204);
    const again = await send('OEMA', 'DELETE', `/dashboards/${dashboard.id}`);
    expectContract('delete', '/dashboards/{id}', again);
    expect(again.statusCode).toBe(404);
    const audit = await auditOf(dashboard.id);
    expect(audit.map((a) => a.action)).toEqual(['Add', 'Update', 'Update', 'Delete']);
    expect(audit[1]?.changes).toEqual([{ field: 'name', before: 'Operations', after: 'Ops' }]);

    await send('OEMA', 'DELETE', `/dashboards/${second.json().id}`);
    expect((await list('OEMA'))[0]).toMatchObject({ id: 'default-oem', builtIn: true });
  });

  test("another user's dashboard is a 404 and stays as it was; reset deletes only the caller's", async () => {
    const mine = (await send('OEMA', 'POST', '/dashboards', { name: 'Mine', panels: PANELS })).json() as Dashboard;
    const before = await counts();
    const patched = await send('SA', 'PATCH', `/dashboards/${mine.id}`, { name: 'Taken' });
    expectContract('patch', '/dashboards/{id}', patched);
    expect(patched.statusCode).toBe(404);
    expect((await send('SA', 'DELETE', `/dashboards/${mine.id}`)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    const theirs = (await send('SA', 'POST', '/dashboards', { name: 'SA one', panels: PANELS })).json() as Dashboard;
    const reset = await send('SA', 'POST', '/dashboards/reset');
    expectContract('post', '/dashboards/reset', reset);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual([expect.objectContaining({ id: 'default-platform', builtIn: true })]);
    expect((await auditOf(theirs.id)).map((a) => a.action)).toEqual(['Add', 'Delete']);
    expect((await list('OEMA')).map((d) => d.name)).toEqual(['Mine']);
    await send('OEMA', 'POST', '/dashboards/reset');
  });
});

describe('refusals', () => {
  test('403 to a role without dashboard configuration, and to an OEM employee who may only read it', async () => {
    const before = await counts();
    const fleet = await send('FA', 'POST', '/dashboards', { name: 'x', panels: [] });
    expectContract('post', '/dashboards', fleet);
    expect(fleet.statusCode).toBe(403);
    expect((await send('FA', 'POST', '/dashboards/reset')).statusCode).toBe(403);
    expect((await send('OEME', 'POST', '/dashboards', { name: 'x', panels: [] })).statusCode).toBe(403);
    expect((await send('OEME', 'GET', '/dashboards')).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  test('400 for an empty name, a panel the role may not place, a panel outside the grid; nothing written', async () => {
    const before = await counts();
    const res = await send('OEMA', 'POST', '/dashboards', {
      name: ' ',
      panels: [{ id: 'x', panel: 'fleet-status', x: 6, y: 0, w: 12, h: 2 }],
    });
    expectContract('post', '/dashboards', res);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: 'Enter a name.',
      panels: 'Fleet status must be 4 to 12 columns wide inside the grid.',
    });
    const twice = await send('OEMA', 'POST', '/dashboards', {
      name: 'x',
      panels: [PANELS[0], { ...PANELS[1], id: 'a' }],
    });
    expect(twice.json().fieldErrors).toEqual({ panels: 'Every panel needs an id of its own.' });
    const unknown = await send('OEMA', 'POST', '/dashboards', {
      name: 'x',
      panels: [{ id: 'x', panel: 'weather', x: 0, y: 0, w: 4, h: 4 }],
    });
    expectContract('post', '/dashboards', unknown);
    expect(unknown.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  test('a panel the role may not place is a 400 (create and patch, nothing written); panels it no longer sees are hidden and kept', async () => {
    const co2 = { id: 'c', panel: 'co2', x: 4, y: 2, w: 4, h: 3 };
    const mine = (
      await send('OEMA', 'POST', '/dashboards', { name: 'Keep', panels: [...PANELS, co2] })
    ).json() as Dashboard;
    // The OEM admin role loses the carbon emission key (an admin's edit of the role's row).
    const { ce: _ce, ...narrowed } = defaultPermissionsFor('OEMA');
    const roles = server.database.db.updateTable('roles').where('id', '=', 'OEMA');
    await roles.set({ permissions: JSON.stringify(narrowed) }).execute();
    try {
      expect((await list('OEMA')).find((d) => d.id === mine.id)?.panels).toEqual(PANELS);
      const before = await counts();
      const created = await send('OEMA', 'POST', '/dashboards', { name: 'x', panels: [co2] });
      expectContract('post', '/dashboards', created);
      expect(created.statusCode).toBe(400);
      expect(created.json().fieldErrors).toEqual({ panels: 'Your role may not see CO2 avoided.' });
      const res = await send('OEMA', 'PATCH', `/dashboards/${mine.id}`, { name: 'Changed', panels: [co2] });
      expectContract('patch', '/dashboards/{id}', res);
      expect(res.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
      // A layout saved while narrowed keeps the hidden CO2 panel where it was.
      const relaid = await send('OEMA', 'PATCH', `/dashboards/${mine.id}`, { panels: [PANELS[0]] });
      expect(relaid.json().panels).toEqual([PANELS[0]]);
    } finally {
      await roles.set({ permissions: null }).execute();
    }
    expect((await list('OEMA')).find((d) => d.id === mine.id)?.panels).toEqual([co2, PANELS[0]]);
    const before = await counts();
    const res = await send('OEMA', 'PATCH', `/dashboards/${mine.id}`, {
      name: 'Changed',
      panels: [{ id: 'x', panel: 'fleet-status', x: 0, y: 0, w: 2, h: 2 }],
    });
    expectContract('patch', '/dashboards/{id}', res);
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await list('OEMA')).find((d) => d.id === mine.id)).toMatchObject({
      name: 'Keep',
      panels: [co2, PANELS[0]],
    });
    await send('OEMA', 'POST', '/dashboards/reset');
  });
});

describe('panel data: recent faults', () => {
  type Recent = {
    active: number;
    items: { id: string; vehicleId: string; registrationNumber: string; occurredAt: string }[];
  };

  /** A 30-day range ending at the newest seeded fault. */
  async function range() {
    const db = server.database.db;
    const newest = await db.selectFrom('faults').select(sql<Date>`max(occurred_at)`.as('at')).executeTakeFirstOrThrow();
    const to = new Date(newest.at);
    const from = new Date(to.getTime() - 30 * 86_400_000);
    return { from, to, query: `from=${from.toISOString()}&to=${to.toISOString()}` };
  }

  /** The active faults raised in the range, of the vehicles of the fleet (or all), from the tables themselves. */
  async function expected(from: Date, to: Date, fleetId?: string) {
    let q = server.database.db
      .selectFrom('faults')
      .innerJoin('vehicles', 'vehicles.id', 'faults.vehicle_id')
      .select(['faults.id', 'faults.occurred_at', 'vehicles.registration_number'])
      .where('faults.cleared_at', 'is', null)
      .where('faults.occurred_at', '>=', from)
      .where('faults.occurred_at', '<=', to);
    if (fleetId) q = q.where('vehicles.fleet_id', '=', fleetId);
    return q.orderBy('faults.occurred_at', 'desc').orderBy('faults.id', 'asc').execute();
  }

  test('the newest active faults in scope raised in the range, newest first, with the count of active ones', async () => {
    const { from, to, query } = await range();
    const all = await send('SA', 'GET', `/dashboard-data/recent-faults?${query}`);
    expectContract('get', '/dashboard-data/recent-faults', all);
    expect(all.statusCode, all.body).toBe(200);
    const rows = await expected(from, to);
    expect(rows.length).toBeGreaterThan(10);
    const body = all.json() as Recent;
    expect(body.active).toBe(rows.length);
    expect(body.items.map((f) => f.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
    expect(body.items[0]?.registrationNumber).toBe(rows[0]?.registration_number);

    const fa = await server.database.db
      .selectFrom('users')
      .select('fleet_id')
      .where('email', '=', 'fa@voltline.demo')
      .executeTakeFirstOrThrow();
    const scoped = await send('FA', 'GET', `/dashboard-data/recent-faults?${query}`);
    expectContract('get', '/dashboard-data/recent-faults', scoped);
    const mine = await expected(from, to, fa.fleet_id as string);
    expect(mine.length).toBeLessThan(rows.length);
    expect((scoped.json() as Recent).active).toBe(mine.length);
    expect((scoped.json() as Recent).items.map((f) => f.id)).toEqual(mine.slice(0, 10).map((r) => r.id));
  });

  test('403 without the panel key; 400 for a range that ends before it starts or is too long', async () => {
    const { from, to, query } = await range();
    const driver = await send('DR', 'GET', `/dashboard-data/recent-faults?${query}`);
    expectContract('get', '/dashboard-data/recent-faults', driver);
    expect(driver.statusCode).toBe(403);
    const backwards = await send(
      'SA',
      'GET',
      `/dashboard-data/recent-faults?from=${to.toISOString()}&to=${from.toISOString()}`,
    );
    expectContract('get', '/dashboard-data/recent-faults', backwards);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The range must end after it starts.');
    const long = new Date(to.getTime() - 90 * 86_400_000).toISOString();
    const tooLong = await send('SA', 'GET', `/dashboard-data/recent-faults?from=${long}&to=${to.toISOString()}`);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('panel data: fleet status', () => {
  type Status = { total: number; online: number; charging: number; driving: number; idle: number; offline: number };

  /** The counts from the vehicles table itself, of the fleet (or all). */
  async function expected(fleetId?: string): Promise<Status> {
    let q = server.database.db.selectFrom('vehicles').select(['is_live', 'state_code']);
    if (fleetId) q = q.where('fleet_id', '=', fleetId);
    const out = { total: 0, online: 0, charging: 0, driving: 0, idle: 0, offline: 0 };
    for (const v of await q.execute()) {
      out.total += 1;
      if (!v.is_live) out.offline += 1;
      else {
        out.online += 1;
        if ([80, 81, 82].includes(v.state_code ?? -1)) out.charging += 1;
        else if ([64, 66, 67].includes(v.state_code ?? -1)) out.driving += 1;
        else out.idle += 1;
      }
    }
    return out;
  }

  test('the vehicles in scope by live status now; a fleet admin counts only their fleet', async () => {
    const all = await send('SA', 'GET', '/dashboard-data/fleet-status');
    expectContract('get', '/dashboard-data/fleet-status', all);
    expect(all.statusCode, all.body).toBe(200);
    const want = await expected();
    expect(all.json()).toEqual(want);
    expect(want.online).toBeGreaterThan(0);
    expect(want.offline).toBeGreaterThan(0);
    const fa = await server.database.db
      .selectFrom('users')
      .select('fleet_id')
      .where('email', '=', 'fa@voltline.demo')
      .executeTakeFirstOrThrow();
    const scoped = await send('FA', 'GET', '/dashboard-data/fleet-status');
    expectContract('get', '/dashboard-data/fleet-status', scoped);
    const mine = await expected(fa.fleet_id as string);
    expect(scoped.json()).toEqual(mine);
    expect(mine.total).toBeLessThan(want.total);
  });

  test('403 without the panel key', async () => {
    const driver = await send('DR', 'GET', '/dashboard-data/fleet-status');
    expectContract('get', '/dashboard-data/fleet-status', driver);
    expect(driver.statusCode).toBe(403);
  });
});

describe('panel data: fault summary', () => {
  type Summary = { total: number; active: number; bySeverity: { severity: number; total: number; active: number }[] };

  test('the faults in scope raised in the range by severity, all and active; 403 without the key, 400 for a bad range', async () => {
    const db = server.database.db;
    const newest = await db.selectFrom('faults').select(sql<Date>`max(occurred_at)`.as('at')).executeTakeFirstOrThrow();
    const to = new Date(newest.at);
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const query = `from=${from.toISOString()}&to=${to.toISOString()}`;
    const fa = await db
      .selectFrom('users')
      .select('fleet_id')
      .where('email', '=', 'fa@voltline.demo')
      .executeTakeFirstOrThrow();

    /** The counts from the tables themselves, of the fleet (or all). */
    const expected = async (fleetId?: string) => {
      let q = db
        .selectFrom('faults')
        .innerJoin('vehicles', 'vehicles.id', 'faults.vehicle_id')
        .select(['faults.severity', 'faults.cleared_at'])
        .where('faults.occurred_at', '>=', from)
        .where('faults.occurred_at', '<=', to);
      if (fleetId) q = q.where('vehicles.fleet_id', '=', fleetId);
      const rows = await q.execute();
      const bySeverity = [1, 2, 3, 4, 5].map((severity) => {
        const of = rows.filter((r) => r.severity === severity);
        return { severity, total: of.length, active: of.filter((r) => r.cleared_at === null).length };
      });
      return {
        total: bySeverity.reduce((s, r) => s + r.total, 0),
        active: bySeverity.reduce((s, r) => s + r.active, 0),
        bySeverity,
      };
    };

    const all = await send('SA', 'GET', `/dashboard-data/fault-summary?${query}`);
    expectContract('get', '/dashboard-data/fault-summary', all);
    expect(all.statusCode, all.body).toBe(200);
    const want = await expected();
    expect(all.json()).toEqual({ from: from.toISOString(), to: to.toISOString(), ...want });
    expect(want.active).toBeGreaterThan(0);
    expect(want.active).toBeLessThan(want.total);

    const scoped = await send('FA', 'GET', `/dashboard-data/fault-summary?${query}`);
    const mine = await expected(fa.fleet_id as string);
    expect(scoped.json() as Summary).toMatchObject(mine);
    expect(mine.total).toBeLessThan(want.total);

    const driver = await send('DR', 'GET', `/dashboard-data/fault-summary?${query}`);
    expectContract('get', '/dashboard-data/fault-summary', driver);
    expect(driver.statusCode).toBe(403);
    const backwards = await send(
      'SA',
      'GET',
      `/dashboard-data/fault-summary?from=${to.toISOString()}&to=${from.toISOString()}`,
    );
    expectContract('get', '/dashboard-data/fault-summary', backwards);
    expect(backwards.statusCode).toBe(400);
  });
});
