import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Account = {
  id: string;
  email: string;
  role: string;
  roleId: string;
  status: number;
  oemId?: string;
  dealerId?: string;
  fleetId?: string;
};
type Page = { items: Account[]; total: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

const login = (email: string, password: string) =>
  server.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function list(role: string, query = ''): Promise<Page> {
  const response = await call(role, `/api/users${query}`);
  expectContract('get', '/users', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const me = async (role: string) =>
  (await server.database.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', `${role.toLowerCase()}@voltline.demo`)
    .executeTakeFirstOrThrow()) as {
    id: string;
    oem_id: string | null;
    dealer_id: string | null;
    fleet_id: string | null;
  };

const counts = async () => {
  const db = server.database.db;
  const u = await db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { users: u.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

const NEW_USER = { name: 'Asha Rao', email: 'asha.rao@example.com', phone: '+91 98765 43210', roleId: 'FE' };

describe('list and get: the caller scope', () => {
  test('platform staff see every account; paging, search and filters apply', async () => {
    const all = await list('SA', '?pageSize=1000');
    expect(all.total).toBe((await counts()).users);
    const fa = await list('SA', '?q=fa@voltline.demo');
    expect(fa.items).toHaveLength(1);
    expect(fa.items[0]).toMatchObject({ role: 'FA', roleId: 'FA', roleName: 'Fleet Admin', status: 1 });
    expect(fa.items[0]).not.toHaveProperty('passwordHash');
    const admins = await list('SA', '?filter[role]=SA');
    expect(admins.items.every((u) => u.role === 'SA')).toBe(true);
    const bad = await call('SA', '/api/users?filter[status]=2');
    expectContract('get', '/users', bad);
    expect(bad.statusCode).toBe(400);
  });

  test('an OEM admin sees its OEM staff and partners only, a dealer admin its service centre, a fleet admin its fleet', async () => {
    const oema = await me('OEMA');
    const oemList = (await list('OEMA', '?pageSize=1000')).items;
    expect(oemList.length).toBeGreaterThan(1);
    for (const u of oemList) {
      expect(u.id === oema.id || u.oemId === oema.oem_id, JSON.stringify(u)).toBe(true);
      expect(['SA', 'SE', 'BMSA', 'BMSE', 'MCUA', 'GPSA']).not.toContain(u.role);
    }
    const da = await me('DA');
    const dealerList = (await list('DA', '?pageSize=1000')).items;
    expect(dealerList.length).toBeGreaterThan(1);
    for (const u of dealerList) {
      expect(u.dealerId).toBe(da.dealer_id);
      expect(['DA', 'DE']).toContain(u.role);
    }
    const fa = await me('FA');
    const fleetList = (await list('FA', '?pageSize=1000')).items;
    expect(new Set(fleetList.map((u) => u.fleetId))).toEqual(new Set([fa.fleet_id]));
    for (const u of fleetList) expect(['FA', 'FE', 'DR']).toContain(u.role);
  });

  test('without su 403; an account outside the scope or unknown 404', async () => {
    const refused = await call('DR', '/api/users');
    expectContract('get', '/users', refused);
    expect(refused.statusCode).toBe(403);
    const sa = await me('SA');
    const outside = await call('FA', `/api/users/${sa.id}`);
    expectContract('get', '/users/{id}', outside);
    expect(outside.statusCode).toBe(404);
    expect((await call('OEMA', `/api/users/${sa.id}`)).statusCode).toBe(404);
    expect((await call('SA', '/api/users/usr-nope')).statusCode).toBe(404);
    const fe = await me('FE');
    const inside = await call('FA', `/api/users/${fe.id}`);
    expectContract('get', '/users/{id}', inside);
    expect(inside.json()).toMatchObject({ id: fe.id, role: 'FE' });
  });
});

describe('create', () => {
  test('an account inside the creator scope, audited, that signs in on the server with its one-time password', async () => {
    const fa = await me('FA');
    const before = await counts();
    const created = await send('FA', 'POST', '/api/users', { ...NEW_USER, fleetId: 'flt-0002' });
    expectContract('post', '/users', created);
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ email: 'asha.rao@example.com', role: 'FE', roleId: 'FE', fleetId: fa.fleet_id });
    expect(body.temporaryPassword).toMatch(/^Vl-/);
    const row = await server.database.db
      .selectFrom('users')
      .select(['password_hash', 'phone'])
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(body.temporaryPassword);
    expect(row.phone).toBe('+91 98765 43210');
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'User', entity_id: body.id, action: 'Add' });
    expect(JSON.stringify(entry.changes)).not.toMatch(/scrypt|Vl-|password/i);
    expect(await counts()).toEqual({ users: before.users + 1, audit: before.audit + 1 });
    const signedIn = await login('asha.rao@example.com', body.temporaryPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: body.id, role: 'FE' });
  });

  test('a role of another kind 400, no organisation 400, an e-mail in use 409, none of them writes', async () => {
    const before = await counts();
    const kind = await send('FA', 'POST', '/api/users', { ...NEW_USER, email: 'x1@example.com', roleId: 'OEMA' });
    expectContract('post', '/users', kind);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fieldErrors.roleId).toBeDefined();
    const org = await send('SA', 'POST', '/api/users', { ...NEW_USER, email: 'x2@example.com' });
    expect(org.statusCode).toBe(400);
    expect(org.json().fieldErrors).toEqual({ fleetId: 'Choose the fleet of the account.' });
    const otherOem = await send('OEMA', 'POST', '/api/users', {
      ...NEW_USER,
      email: 'x3@example.com',
      fleetId: 'nope',
    });
    expect(otherOem.statusCode).toBe(400);
    const dup = await send('SA', 'POST', '/api/users', { ...NEW_USER, email: 'FA@voltline.demo', fleetId: 'flt-0001' });
    expectContract('post', '/users', dup);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fieldErrors).toEqual({ email: 'This e-mail address is already in use.' });
    const refused = await send('FE', 'POST', '/api/users', { ...NEW_USER, email: 'x4@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('status, password and role', () => {
  test('a disabled account cannot sign in and its sessions end; activated, it signs in again', async () => {
    const de = await me('DE');
    const token = await server.tokenOf('DE');
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    const off = await send('DA', 'POST', `/api/users/${de.id}/status`, { status: 0 });
    expectContract('post', '/users/{id}/status', off);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe(0);
    expect(await lastAudit()).toMatchObject({ entity: 'User', entity_id: de.id, action: 'Change Status' });
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    expect((await login('de@voltline.demo', 'demo1234')).statusCode).toBe(400);
    const on = await send('DA', 'POST', `/api/users/${de.id}/status`, { status: 1 });
    expect(on.json().status).toBe(1);
    expect((await login('de@voltline.demo', 'demo1234')).statusCode).toBe(200);
  });

  test('nobody deactivates themselves or demotes the last Super Admin (409); a bad status 400; nothing written', async () => {
    const sa = await me('SA');
    const before = await counts();
    const self = await send('SA', 'POST', `/api/users/${sa.id}/status`, { status: 0 });
    expectContract('post', '/users/{id}/status', self);
    expect(self.statusCode).toBe(409);
    const demote = await send('SA', 'PATCH', `/api/users/${sa.id}`, { roleId: 'SE' });
    expectContract('patch', '/users/{id}', demote);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().fieldErrors.roleId).toBeDefined();
    const bad = await send('SA', 'POST', `/api/users/${sa.id}/status`, { status: 3 });
    expect(bad.statusCode).toBe(400);
    const outside = await send('FA', 'POST', `/api/users/${sa.id}/status`, { status: 0 });
    expect(outside.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  test('reset: a new one-time password in the body only, the old password and sessions end; needs Reset', async () => {
    const fe = await me('FE');
    const refused = await send('FE', 'POST', `/api/users/${fe.id}/reset-password`);
    expectContract('post', '/users/{id}/reset-password', refused);
    expect(refused.statusCode).toBe(403);
    const token = await server.tokenOf('FE');
    const reset = await send('SA', 'POST', `/api/users/${fe.id}/reset-password`);
    expectContract('post', '/users/{id}/reset-password', reset);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(Object.keys(reset.json())).toEqual(['temporaryPassword']);
    const { temporaryPassword } = reset.json();
    expect(temporaryPassword).toMatch(/^Vl-/);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'User', entity_id: fe.id, action: 'Update', changes: [] });
    expect(JSON.stringify(entry)).not.toContain(temporaryPassword);
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    expect((await login('fe@voltline.demo', 'demo1234')).statusCode).toBe(400);
    expect((await login('fe@voltline.demo', temporaryPassword)).statusCode).toBe(200);
  });

  test('an edit is audited as Update; a role of another kind 400; an e-mail in use 409', async () => {
    const dr = await me('DR');
    const wrongKind = await send('SA', 'PATCH', `/api/users/${dr.id}`, { roleId: 'OEMA' });
    expect(wrongKind.statusCode).toBe(400);
    const updated = await send('SA', 'PATCH', `/api/users/${dr.id}`, { name: 'Ravi Driver', phone: null });
    expectContract('patch', '/users/{id}', updated);
    expect(updated.json()).toMatchObject({ name: 'Ravi Driver', phone: null });
    expect(await lastAudit()).toMatchObject({ entity_id: dr.id, action: 'Update' });
    const taken = await send('SA', 'PATCH', `/api/users/${dr.id}`, { email: 'fa@voltline.demo' });
    expect(taken.statusCode).toBe(409);
  });
});
