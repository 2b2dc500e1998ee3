import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Grant = {
  id: string;
  target: string;
  targetId: string | null;
  oemId: string | null;
  granteeId: string;
  granteeName: string;
  targetName: string;
  status: string;
  revokedBy: string | null;
};
type Page = { items: Grant[]; total: number };

async function get(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}
async function post(role: string, url: string, payload?: object) {
  return server.call({ method: 'POST', url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

const counts = async () => {
  const db = server.database.db;
  const g = await db.selectFrom('access_grants').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const r = await db
    .selectFrom('access_grants')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('revoked_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { grants: g.n, audit: a.n, revoked: r.n };
};
const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
const userOf = async (role: string) =>
  server.database.db
    .selectFrom('users')
    .select(['id', 'oem_id'])
    .where('email', '=', `${role.toLowerCase()}@voltline.demo`)
    .executeTakeFirstOrThrow();

describe('list', () => {
  test('platform staff see every grant with names and status; an OEM only the grants of its OEM', async () => {
    const all = await get('SA', '/api/access-grants?pageSize=100');
    expectContract('get', '/access-grants', all);
    expect(all.statusCode, all.body).toBe(200);
    const sa = all.json() as Page;
    expect(sa.total).toBe((await counts()).grants);
    const byId = new Map(sa.items.map((g) => [g.id, g]));
    expect(byId.get('acg-0003')).toMatchObject({
      target: 'deviceKind',
      targetName: 'All BMS devices',
      status: 'active',
    });
    expect(byId.get('acg-0002')?.status).toBe('expired');
    expect(byId.get('acg-0004')?.status).toBe('revoked');
    const oema = await userOf('OEMA');
    const own = (await get('OEMA', '/api/access-grants?pageSize=100')).json() as Page;
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((g) => g.oemId === oema.oem_id)).toBe(true);
    expect(own.items.length).toBeLessThan(sa.items.length);
    const revoked = (await get('SA', '/api/access-grants?filter[status]=revoked')).json() as Page;
    expect(revoked.items.map((g) => g.id)).toContain('acg-0004');
    expect(revoked.items.every((g) => g.status === 'revoked')).toBe(true);
  });

  test('OEM access without oem.l is 403; a role without access management 403; a bad filter 400', async () => {
    expect((await get('OEMA', '/api/access-grants?filter[target]=oem')).statusCode).toBe(403);
    const dr = await get('DR', '/api/access-grants');
    expectContract('get', '/access-grants', dr);
    expect(dr.statusCode).toBe(403);
    const bad = await get('SA', '/api/access-grants?filter[status]=sleeping');
    expectContract('get', '/access-grants', bad);
    expect(bad.statusCode).toBe(400);
  });
});

describe('candidates', () => {
  test('an OEM is offered only its own vehicles; an unknown type is 400; without ac.l 403', async () => {
    const oema = await userOf('OEMA');
    const response = await get('OEMA', '/api/access-grants/candidates?type=vehicle');
    expectContract('get', '/access-grants/candidates', response);
    const choices = response.json() as { value: string }[];
    expect(choices.length).toBeGreaterThan(0);
    const ids = choices.map((c) => c.value);
    const rows = await server.database.db
      .selectFrom('vehicles')
      .select(['id', 'oem_id'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((v) => v.oem_id === oema.oem_id)).toBe(true);
    const bmsa = await userOf('BMSA');
    const accounts = (await get('SA', '/api/access-grants/candidates?type=grantee&roleCode=BMSA')).json() as {
      value: string;
    }[];
    expect(accounts.map((c) => c.value)).toContain(bmsa.id);
    expect((await get('SA', '/api/access-grants/candidates?type=planet')).statusCode).toBe(400);
    expect((await get('DR', '/api/access-grants/candidates?type=vehicle')).statusCode).toBe(403);
  });
});

describe('a grant widens its holder’s permissions until it is revoked', () => {
  test('403, granted 200, revoked 403 again; revoking twice 409', async () => {
    const bmsa = await userOf('BMSA');
    const mcuList = () => get('BMSA', '/api/devices?filter[type]=MCU');
    expect((await mcuList()).statusCode).toBe(403);

    const before = await counts();
    const created = await post('SA', '/api/access-grants', {
      target: 'deviceKind',
      kind: 'mcu',
      roleCode: 'BMSA',
      granteeId: bmsa.id,
      note: 'Covering the MCU team',
    });
    expectContract('post', '/access-grants', created);
    expect(created.statusCode, created.body).toBe(201);
    const grant = created.json() as Grant;
    expect(grant).toMatchObject({
      target: 'deviceKind',
      targetId: null,
      status: 'active',
      targetName: 'All MCU devices',
    });
    expect(await counts()).toMatchObject({ grants: before.grants + 1, audit: before.audit + 1 });
    expect(await lastAudit()).toMatchObject({ entity: 'Access', entity_id: grant.id, action: 'Assign' });

    expect((await mcuList()).statusCode).toBe(200);

    // The same grantee on the same target again: 409, nothing written.
    const mid = await counts();
    const twice = await post('SA', '/api/access-grants', {
      target: 'deviceKind',
      kind: 'mcu',
      roleCode: 'BMSA',
      granteeId: bmsa.id,
    });
    expectContract('post', '/access-grants', twice);
    expect(twice.statusCode).toBe(409);
    expect(await counts()).toEqual(mid);

    const revoked = await post('SA', `/api/access-grants/${grant.id}/revoke`);
    expectContract('post', '/access-grants/{id}/revoke', revoked);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: grant.id, status: 'revoked' });
    expect(await lastAudit()).toMatchObject({ entity: 'Access', entity_id: grant.id, action: 'Unassign' });
    expect((await mcuList()).statusCode).toBe(403);

    const after = await counts();
    const again = await post('SA', `/api/access-grants/${grant.id}/revoke`);
    expectContract('post', '/access-grants/{id}/revoke', again);
    expect(again.statusCode).toBe(409);
    expect(await counts()).toEqual(after);
  });

  test('an expired grant hands nothing', async () => {
    const bmsa = await userOf('BMSA');
    await server.database.db
      .insertInto('access_grants')
      .values({
        id: 'acg-test-expired',
        kind: 'vcu',
        target: 'deviceKind',
        target_id: null,
        role_code: 'BMSA',
        grantee_type: 'user',
        grantee_id: bmsa.id,
        oem_id: null,
        note: null,
        expires_at: new Date(Date.now() - 60_000),
        revoked_at: null,
        revoked_by: null,
        created_at: new Date(Date.now() - 120_000),
        created_by: 'test',
      })
      .execute();
    expect((await get('BMSA', '/api/devices?filter[type]=VCU')).statusCode).toBe(403);
  });
});

describe('a grant widens its holder’s vehicle scope until it is revoked', () => {
  test('a service centre reads a vehicle outside its scope only while a grant on it is active', async () => {
    const da = await server.database.db
      .selectFrom('users')
      .select(['id', 'dealer_id'])
      .where('email', '=', 'da@voltline.demo')
      .executeTakeFirstOrThrow();
    const granted = await server.database.db
      .selectFrom('access_grants')
      .select('target_id')
      .where('target_id', 'is not', null)
      .execute();
    const vehicle = await server.database.db
      .selectFrom('vehicles')
      .select(['id', 'dealer_id'])
      .where((eb) => eb.or([eb('dealer_id', '<>', da.dealer_id as string), eb('dealer_id', 'is', null)]))
      .where(
        'id',
        'not in',
        granted.map((g) => g.target_id as string),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const read = () => get('DA', `/api/vehicles/${vehicle.id}`);
    expect((await read()).statusCode).toBe(404);
    const created = await post('SA', '/api/access-grants', {
      target: 'vehicle',
      kind: 'ev',
      targetId: vehicle.id,
      roleCode: 'DA',
      granteeId: da.dealer_id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await read();
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { id: string }).id).toBe(vehicle.id);
    expect((await get('DA', '/api/vehicles?pageSize=1000')).json()).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: vehicle.id })]),
    });
    expect((await post('SA', `/api/access-grants/${(created.json() as Grant).id}/revoke`)).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(404);
  });
});

describe('a grant reaches only the accounts its grantee stands for', () => {
  // The caller's query reads the grants of every id an account carries (decision 0122): the grantee rules
  // (`granteeIdsOf`) still decide, e.g. a driver does not act for their fleet, nor a non-OEM role for its OEM.
  test('a grant to a fleet reaches its fleet admin, not its driver; one to an OEM its OEM admin, not the driver', async () => {
    const db = server.database.db;
    const dr = await db
      .selectFrom('users')
      .select(['oem_id', 'fleet_id'])
      .where('email', '=', 'dr@voltline.demo')
      .executeTakeFirstOrThrow();
    const fa = await db
      .selectFrom('users')
      .select('fleet_id')
      .where('email', '=', 'fa@voltline.demo')
      .executeTakeFirstOrThrow();
    expect(dr.fleet_id).not.toBeNull();
    expect(fa.fleet_id).toBe(dr.fleet_id);
    const granted = await db
      .selectFrom('access_grants')
      .select('target_id')
      .where('target_id', 'is not', null)
      .execute();
    const outside = (oem: 'same' | 'other') =>
      db
        .selectFrom('vehicles')
        .select('id')
        .where((eb) => eb.or([eb('fleet_id', '<>', dr.fleet_id as string), eb('fleet_id', 'is', null)]))
        .where('oem_id', oem === 'same' ? '=' : '<>', dr.oem_id as string)
        .where('driver_id', 'is', null)
        .where(
          'id',
          'not in',
          granted.map((g) => g.target_id as string),
        )
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const [forFleet, forOem] = [await outside('same'), await outside('other')];
    const grant = (id: string, granteeType: string, granteeId: string, vehicleId: string) =>
      db
        .insertInto('access_grants')
        .values({
          id,
          kind: 'ev',
          target: 'vehicle',
          target_id: vehicleId,
          role_code: granteeType === 'fleet' ? 'FA' : 'OEMA',
          grantee_type: granteeType,
          grantee_id: granteeId,
          oem_id: null,
          note: null,
          expires_at: null,
          revoked_at: null,
          revoked_by: null,
          created_at: new Date(Date.now() - 60_000),
          created_by: 'test',
        })
        .execute();
    await grant('acg-test-fleet', 'fleet', dr.fleet_id as string, forFleet.id);
    await grant('acg-test-oem', 'oem', dr.oem_id as string, forOem.id);
    expect((await get('FA', `/api/vehicles/${forFleet.id}`)).statusCode).toBe(200);
    expect((await get('OEMA', `/api/vehicles/${forOem.id}`)).statusCode).toBe(200);
    expect((await get('DR', `/api/vehicles/${forFleet.id}`)).statusCode).toBe(404);
    expect((await get('DR', `/api/vehicles/${forOem.id}`)).statusCode).toBe(404);
    const listed = (await get('DR', '/api/vehicles?pageSize=1000')).json() as { items: { id: string }[] };
    expect(listed.items.map((v) => v.id)).not.toContain(forFleet.id);
    expect(listed.items.map((v) => v.id)).not.toContain(forOem.id);
  });
});

describe('create and revoke refusals', () => {
  test('bad input 400 with the fields; an OEM cannot grant on another OEM’s vehicle; nothing written', async () => {
    const before = await counts();
    const bad = await post('SA', '/api/access-grants', {
      target: 'deviceKind',
      kind: 'ev',
      roleCode: 'DA',
      granteeId: 'nobody',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expectContract('post', '/access-grants', bad);
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(Object.keys(fields).sort()).toEqual(['expiresAt', 'kind', 'roleCode']);

    const oema = await userOf('OEMA');
    const foreign = await server.database.db
      .selectFrom('vehicles')
      .select('id')
      .where('oem_id', '<>', oema.oem_id as string)
      .executeTakeFirstOrThrow();
    const dealer = await server.database.db
      .selectFrom('dealers')
      .select('id')
      .where('oem_id', '=', oema.oem_id as string)
      .executeTakeFirstOrThrow();
    const outside = await post('OEMA', '/api/access-grants', {
      target: 'vehicle',
      kind: 'ev',
      targetId: foreign.id,
      roleCode: 'DA',
      granteeId: dealer.id,
    });
    expectContract('post', '/access-grants', outside);
    expect(outside.statusCode).toBe(400);
    expect((outside.json() as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty('targetId');

    const dr = await post('DR', '/api/access-grants', {
      target: 'vehicle',
      kind: 'ev',
      roleCode: 'DA',
      granteeId: 'x',
    });
    expect(dr.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('a grant of another OEM is 404 to an OEM; an unknown one 404; without Delete 403', async () => {
    const oema = await userOf('OEMA');
    const other = await server.database.db
      .selectFrom('access_grants')
      .select('id')
      .where('oem_id', '<>', oema.oem_id as string)
      .where('revoked_at', 'is', null)
      .where('target', '<>', 'oem')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const hidden = await post('OEMA', `/api/access-grants/${other.id}/revoke`);
    expectContract('post', '/access-grants/{id}/revoke', hidden);
    expect(hidden.statusCode).toBe(404);
    expect((await post('SA', '/api/access-grants/acg-nope/revoke')).statusCode).toBe(404);
    // An OEM employee reads access management but may not revoke.
    const own = await server.database.db
      .selectFrom('access_grants')
      .select('id')
      .where('oem_id', '=', oema.oem_id as string)
      .where('revoked_at', 'is', null)
      .where('target', '<>', 'oem')
      .executeTakeFirstOrThrow();
    expect((await post('OEME', `/api/access-grants/${own.id}/revoke`)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
