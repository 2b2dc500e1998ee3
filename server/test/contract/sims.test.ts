import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Sim = { id: string; iccid: string; msisdn: string; operator: string; loggerId: string | null; status: number };
type Page = { items: Sim[]; total: number; page: number; pageSize: number };

const NEW_SIM = { iccid: '8991000000000000001', msisdn: '+91 7000000001', operator: 'Jio' };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/sims${query}`);
  expectContract('get', '/sims', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const sims = () => server.database.db.selectFrom('sims');

async function count(where: (q: ReturnType<typeof sims>) => ReturnType<typeof sims>): Promise<number> {
  const row = await where(sims()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

const counts = async () => {
  const db = server.database.db;
  const s = await db.selectFrom('sims').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { sims: s.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

describe('list and get', () => {
  test('every SIM card, newest first; filter, sort, search and page apply in SQL', async () => {
    const page = await list('SA');
    expect(page).toMatchObject({ total: await count((q) => q), page: 1, pageSize: 25 });
    expect(page.total).toBeGreaterThan(25);
    const spare = await list('SA', '?filter[assigned]=false&pageSize=1000');
    expect(spare.total).toBe(await count((q) => q.where('logger_id', 'is', null)));
    expect(spare.total).toBeGreaterThan(0);
    const ops = (await list('SA', '?sort=operator:asc,iccid:asc&pageSize=50')).items.map((s) => s.operator);
    expect(ops).toEqual([...ops].sort());
    const iccid = page.items[0]?.iccid as string;
    expect((await list('SA', `?q=${iccid}`)).items.map((s) => s.iccid)).toEqual([iccid]);
    const one = await call('SA', `/api/sims/${page.items[0]?.id}`);
    expectContract('get', '/sims/{id}', one);
    expect(one.json()).toEqual(page.items[0]);
  });

  test('an unknown filter value is 400; without component management 403; an unknown id 404', async () => {
    const bad = await call('SA', '/api/sims?filter[assigned]=maybe');
    expectContract('get', '/sims', bad);
    expect(bad.statusCode).toBe(400);
    const refused = await call('FA', '/api/sims');
    expectContract('get', '/sims', refused);
    expect(refused.statusCode).toBe(403);
    const unknown = await call('SA', '/api/sims/sim-nope');
    expectContract('get', '/sims/{id}', unknown);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('writes', () => {
  test('create: an active card in no logger, audited; a bad ICCID 400, one in use 409, neither writes', async () => {
    const before = await counts();
    const created = await send('SA', 'POST', '/api/sims', NEW_SIM);
    expectContract('post', '/sims', created);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...NEW_SIM, loggerId: null, status: 1 });
    expect(await lastAudit()).toMatchObject({ entity: 'SIM Card', entity_id: created.json().id, action: 'Add' });
    const bad = await send('SA', 'POST', '/api/sims', { iccid: '12', msisdn: ' ', operator: '' });
    expectContract('post', '/sims', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      iccid: 'The ICCID has 19 or 20 digits.',
      msisdn: 'Enter the phone number.',
      operator: 'Enter the operator.',
    });
    const taken = await send('SA', 'POST', '/api/sims', NEW_SIM);
    expectContract('post', '/sims', taken);
    expect(taken.statusCode).toBe(409);
    expect(await counts()).toEqual({ sims: before.sims + 1, audit: before.audit + 1 });
  });

  test('putting a card into a logger takes the card it held out; unassign clears it; a bad logger is 400', async () => {
    const created = (await send('SA', 'POST', '/api/sims', { ...NEW_SIM, iccid: '8991000000000000002' })).json();
    const held = await sims()
      .select(['id', 'logger_id'])
      .where('logger_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await counts();
    const fitted = await send('SA', 'POST', `/api/sims/${created.id}/assign`, { loggerId: held.logger_id });
    expectContract('post', '/sims/{id}/assign', fitted);
    expect(fitted.statusCode, fitted.body).toBe(200);
    expect(fitted.json().loggerId).toBe(held.logger_id);
    expect((await call('SA', `/api/sims/${held.id}`)).json().loggerId).toBeNull();
    expect(await lastAudit()).toMatchObject({ entity_id: created.id, action: 'Assign' });
    const bad = await send('SA', 'POST', `/api/sims/${created.id}/assign`, { loggerId: 'logger-nope' });
    expectContract('post', '/sims/{id}/assign', bad);
    expect(bad.statusCode).toBe(400);
    const bms = await server.database.db
      .selectFrom('devices')
      .select('id')
      .where('type', '=', 'BMS')
      .executeTakeFirstOrThrow();
    expect((await send('SA', 'POST', `/api/sims/${created.id}/assign`, { loggerId: bms.id })).statusCode).toBe(400);
    const out = await send('SA', 'POST', `/api/sims/${created.id}/assign`, { loggerId: null });
    expect(out.json().loggerId).toBeNull();
    expect(await lastAudit()).toMatchObject({ entity_id: created.id, action: 'Unassign' });
    expect(await counts()).toEqual({ sims: before.sims, audit: before.audit + 2 });
  });

  test('update, status and delete: audited; bad input 400 and an employee of another area 403 write nothing', async () => {
    const target = await sims().select('id').orderBy('id').offset(2).executeTakeFirstOrThrow();
    const before = await counts();
    const updated = await send('SA', 'PATCH', `/api/sims/${target.id}`, { operator: 'Vi' });
    expectContract('patch', '/sims/{id}', updated);
    expect(updated.json()).toMatchObject({ id: target.id, operator: 'Vi' });
    const blank = await send('SA', 'PATCH', `/api/sims/${target.id}`, { msisdn: '' });
    expect(blank.statusCode).toBe(400);
    const status = await send('SA', 'POST', `/api/sims/${target.id}/status`, { status: 0 });
    expectContract('post', '/sims/{id}/status', status);
    expect(status.json().status).toBe(0);
    expect(await lastAudit()).toMatchObject({ entity_id: target.id, action: 'Change Status' });
    expect((await send('SA', 'POST', `/api/sims/${target.id}/status`, { status: 2 })).statusCode).toBe(400);
    const refused = await send('GPSE', 'DELETE', `/api/sims/${target.id}`);
    expectContract('delete', '/sims/{id}', refused);
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual({ sims: before.sims, audit: before.audit + 2 });

    await server.database.db
      .updateTable('vehicles')
      .set({ sim_id: target.id })
      .where('id', '=', 'veh-000001')
      .execute();
    const deleted = await send('SA', 'DELETE', `/api/sims/${target.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('SA', `/api/sims/${target.id}`)).statusCode).toBe(404);
    expect((await call('SA', '/api/vehicles/veh-000001')).json().simId).toBeNull();
    expect(await counts()).toEqual({ sims: before.sims - 1, audit: before.audit + 3 });
  });

  test('a SIM card whose logger is deleted stays, in no logger', async () => {
    const held = await sims()
      .select(['id', 'logger_id'])
      .where('logger_id', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const deleted = await send('SA', 'DELETE', `/api/devices/${held.logger_id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('SA', `/api/sims/${held.id}`)).json().loggerId).toBeNull();
  });
});
