import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import { applicableActions } from '@/domain/role-editor';
import { ROLE_CODES, ROLE_LABELS } from '@/domain/roles';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Role = { id: string; code: string; name: string; builtIn: boolean; locked: boolean; userCount: number };

async function call(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

async function send(role: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

const counts = async () => {
  const db = server.database.db;
  const r = await db.selectFrom('roles').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const a = await db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { roles: r.n, audit: a.n };
};

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

describe('list and get', () => {
  test('every built-in role with its label and default matrix, holders counted; SA locked', async () => {
    const res = await call('SA', '/api/roles?pageSize=100');
    expectContract('get', '/roles', res);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as (Role & { permissions: object })[];
    expect(items.map((r) => r.id).sort()).toEqual([...ROLE_CODES].sort());
    for (const r of items) {
      expect(r).toMatchObject({ code: r.id, name: ROLE_LABELS[r.code as keyof typeof ROLE_LABELS], builtIn: true });
      expect(r.permissions).toEqual(defaultPermissionsFor(r.code as keyof typeof ROLE_LABELS));
    }
    expect(items.find((r) => r.id === 'SA')?.locked).toBe(true);
    expect(items.find((r) => r.id === 'FA')?.userCount).toBeGreaterThan(0);
    const sorted = (await call('SA', '/api/roles?sort=code:desc&filter[builtIn]=true&q=admin')).json();
    expect(sorted.items.map((r: Role) => r.code)).toEqual(
      sorted.items.map((r: Role) => r.code).sort((a: string, b: string) => b.localeCompare(a)),
    );
    expect(sorted.items.every((r: Role) => /admin/i.test(r.name))).toBe(true);
    const bad = await call('SA', '/api/roles?filter[code]=XX');
    expectContract('get', '/roles', bad);
    expect(bad.statusCode).toBe(400);
  });

  test('a fleet admin sees only fleet and driver roles, others 404; a driver 403', async () => {
    const res = await call('FA', '/api/roles?pageSize=100');
    expect(
      res
        .json()
        .items.map((r: Role) => r.id)
        .sort(),
    ).toEqual(['DR', 'FA', 'FE']);
    const hidden = await call('FA', '/api/roles/SA');
    expectContract('get', '/roles/{id}', hidden);
    expect(hidden.statusCode).toBe(404);
    const one = await call('FA', '/api/roles/FE');
    expectContract('get', '/roles/{id}', one);
    expect(one.json()).toMatchObject({ id: 'FE', builtIn: true, locked: false });
    expect((await call('DR', '/api/roles')).statusCode).toBe(403);
  });
});

describe('writes', () => {
  test('a permission removed from a role answers 403 for its holders on the server; put back, 200 again', async () => {
    const fePerms = defaultPermissionsFor('FE');
    expect(fePerms.gr).toBeGreaterThan(0);
    expect((await call('FE', '/api/geofences')).statusCode).toBe(200);
    const { gr: _gr, ...withoutGeofences } = fePerms;
    const edited = await send('SA', 'PATCH', '/api/roles/FE', { permissions: withoutGeofences });
    expectContract('patch', '/roles/{id}', edited);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().permissions).toEqual(withoutGeofences);
    expect(await lastAudit()).toMatchObject({ entity: 'Access', entity_id: 'FE', action: 'Update' });
    expect((await call('FE', '/api/geofences')).statusCode).toBe(403);
    expect((await call('FE', '/api/auth/me')).json().permissions.gr).toBeUndefined();
    // A fresh sign-in answers the edited permissions too.
    const login = await server.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fe@voltline.demo', password: 'demo1234' },
    });
    expect(login.json().permissions.gr).toBeUndefined();
    // Put back (only the bits that apply to the key can be added again: decision 0067).
    const back = { ...withoutGeofences, gr: (fePerms.gr ?? 0) & applicableActions('gr') };
    const restored = await send('SA', 'PATCH', '/api/roles/FE', { permissions: back });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call('FE', '/api/geofences')).statusCode).toBe(200);
  });

  test('create: 400 for no permission, unknown keys, bits not held or a name in use; 403 without su.RP; none writes', async () => {
    const before = await counts();
    const empty = await send('SA', 'POST', '/api/roles', { name: 'Nobody', code: 'FE', permissions: {} });
    expectContract('post', '/roles', empty);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ permissions: 'Give the role at least one permission.' });
    const odd = await send('SA', 'POST', '/api/roles', {
      name: 'Odd',
      code: 'FE',
      permissions: { nope: 1, ah: 1 | 16384 },
    });
    expect(Object.keys(odd.json().fieldErrors).sort()).toEqual(['permissions.ah', 'permissions.nope']);
    const beyond = await send('OEMA', 'POST', '/api/roles', {
      name: 'Fleet auditor',
      code: 'FE',
      permissions: { 'fleet.l': 1, 'oem.l': 1 },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().fieldErrors.permissions).toMatch(/cannot grant what you do not hold: OEM Access/);
    const otherType = await send('OEMA', 'POST', '/api/roles', { name: 'Ops', code: 'SE', permissions: { db: 1 } });
    expect(otherType.json().fieldErrors.code).toBeDefined();
    const taken = await send('SA', 'POST', '/api/roles', { name: 'fleet admin', code: 'FA', permissions: { db: 1 } });
    expect(taken.json().fieldErrors).toEqual({ name: 'A role with this name exists.' });
    const refused = await send('FA', 'POST', '/api/roles', { name: 'X', code: 'FE', permissions: { db: 1 } });
    expectContract('post', '/roles', refused);
    expect(refused.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('a custom role: created, given to an account (whose permissions follow it), undeletable while held', async () => {
    const made = await send('OEMA', 'POST', '/api/roles', {
      name: 'Fleet dispatcher',
      code: 'FE',
      permissions: { 'drv.l': 1, gr: 3, su: 1 },
    });
    expectContract('post', '/roles', made);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ builtIn: false, locked: false, code: 'FE', userCount: 0 });
    const id = made.json().id as string;
    expect(await lastAudit()).toMatchObject({ entity: 'Access', entity_id: id, action: 'Add' });
    const fe = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'fe@voltline.demo')
      .executeTakeFirstOrThrow();
    expect((await call('FE', '/api/users')).statusCode).toBe(403);
    const given = await send('SA', 'PATCH', `/api/users/${fe.id}`, { roleId: id });
    expect(given.json()).toMatchObject({ role: 'FE', roleId: id, roleName: 'Fleet dispatcher' });
    expect(await lastAudit()).toMatchObject({ entity: 'User', entity_id: fe.id, action: 'Assign' });
    expect((await call('FE', '/api/users')).statusCode).toBe(200);
    expect((await call('SA', `/api/roles/${id}`)).json().userCount).toBe(1);
    const before = await counts();
    const held = await send('SA', 'DELETE', `/api/roles/${id}`);
    expectContract('delete', '/roles/{id}', held);
    expect(held.statusCode).toBe(409);
    const builtIn = await send('SA', 'DELETE', '/api/roles/FA');
    expect(builtIn.statusCode).toBe(409);
    const locked = await send('SA', 'PATCH', '/api/roles/SA', { permissions: { db: 1 } });
    expectContract('patch', '/roles/{id}', locked);
    expect(locked.statusCode).toBe(409);
    expect((await send('FA', 'DELETE', `/api/roles/${id}`)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    await send('SA', 'PATCH', `/api/users/${fe.id}`, { roleId: 'FE' });
    const gone = await send('SA', 'DELETE', `/api/roles/${id}`);
    expect(gone.statusCode).toBe(204);
    expect(await lastAudit()).toMatchObject({ entity: 'Access', entity_id: id, action: 'Delete' });
    expect((await call('SA', `/api/roles/${id}`)).statusCode).toBe(404);
  });
});
