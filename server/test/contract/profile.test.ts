import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const signIn = async (email: string, password = 'demo1234') =>
  server.call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const tokenFor = async (email: string, password = 'demo1234') => (await signIn(email, password)).json().token as string;

const userRow = (email: string) =>
  server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

const auditCount = async () =>
  (await server.database.db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

describe('GET and PATCH /profile', () => {
  test('the caller reads its own account, never a hash', async () => {
    const token = await server.tokenOf('FA');
    const response = await server.call({ method: 'GET', url: '/api/profile', token });
    expectContract('get', '/profile', response);
    expect(response.statusCode).toBe(200);
    const fa = await userRow('fa@voltline.demo');
    expect(response.json()).toMatchObject({ id: fa.id, email: 'fa@voltline.demo', role: 'FA', status: 1 });
    expect(response.body).not.toContain(fa.password_hash);
    expect(response.body).not.toContain('scrypt$');
  });

  test('an edit of name and phone is saved and audited (entity Profile, with the field diff)', async () => {
    const token = await server.tokenOf('DA');
    const before = await auditCount();
    const response = await server.call({
      method: 'PATCH',
      url: '/api/profile',
      token,
      payload: { name: '  Dev Anand  ', phone: '+91 90000 11111' },
    });
    expectContract('patch', '/profile', response);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Dev Anand', phone: '+91 90000 11111', role: 'DA' });
    const row = await userRow('da@voltline.demo');
    expect(row).toMatchObject({ name: 'Dev Anand', phone: '+91 90000 11111', role: 'DA' });
    expect(await auditCount()).toBe(before + 1);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Profile', entity_id: row.id, action: 'Update' });
    expect(JSON.stringify(entry.changes)).toContain('Dev Anand');
  });

  test('bad input is 400 with the field, a taken e-mail 409 with fieldErrors.email; nothing written', async () => {
    const token = await server.tokenOf('FE');
    const before = await userRow('fe@voltline.demo');
    const audit = await auditCount();
    const bad = await server.call({
      method: 'PATCH',
      url: '/api/profile',
      token,
      payload: { name: '', phone: '12' },
    });
    expectContract('patch', '/profile', bad);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      fieldErrors: { name: expect.any(String), phone: expect.any(String) },
    });
    const taken = await server.call({
      method: 'PATCH',
      url: '/api/profile',
      token,
      payload: { name: 'Someone Else', email: 'SA@voltline.demo' },
    });
    expectContract('patch', '/profile', taken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ fieldErrors: { email: expect.any(String) } });
    expect(await userRow('fe@voltline.demo')).toEqual(before);
    expect(await auditCount()).toBe(audit);
  });

  test('a role or status in the body changes nothing of either', async () => {
    const token = await server.tokenOf('FE');
    const response = await server.call({
      method: 'PATCH',
      url: '/api/profile',
      token,
      payload: { role: 'SA', status: 0, roleId: 'SA' },
    });
    expect([200, 400]).toContain(response.statusCode);
    expect(await userRow('fe@voltline.demo')).toMatchObject({ role: 'FE', status: 1 });
  });

  test('without mp the profile is 403 and nothing is written', async () => {
    const token = await server.tokenOf('GPSA');
    const roleRow = await server.database.db
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', 'GPSA')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify({ db: 1 }) as never })
      .where('id', '=', 'GPSA')
      .execute();
    try {
      const read = await server.call({ method: 'GET', url: '/api/profile', token });
      expectContract('get', '/profile', read);
      expect(read.statusCode).toBe(403);
      const before = await userRow('gpsa@voltline.demo');
      const audit = await auditCount();
      const edit = await server.call({ method: 'PATCH', url: '/api/profile', token, payload: { name: 'Nope' } });
      expect(edit.statusCode).toBe(403);
      const password = await server.call({
        method: 'POST',
        url: '/api/profile/password',
        token,
        payload: { currentPassword: 'demo1234', newPassword: 'Str0ng!Passw0rd' },
      });
      expect(password.statusCode).toBe(403);
      expect(await userRow('gpsa@voltline.demo')).toEqual(before);
      expect(await auditCount()).toBe(audit);
    } finally {
      await server.database.db
        .updateTable('roles')
        .set({ permissions: roleRow.permissions === null ? null : (JSON.stringify(roleRow.permissions) as never) })
        .where('id', '=', 'GPSA')
        .execute();
    }
  });
});

describe('POST /profile/password', () => {
  test('a wrong current password or a weak new one is 400; nothing written, no session ends', async () => {
    const other = await tokenFor('oeme@voltline.demo');
    const token = await tokenFor('oeme@voltline.demo');
    const before = await userRow('oeme@voltline.demo');
    const audit = await auditCount();
    const wrong = await server.call({
      method: 'POST',
      url: '/api/profile/password',
      token,
      payload: { currentPassword: 'not-it', newPassword: 'Str0ng!Passw0rd' },
    });
    expectContract('post', '/profile/password', wrong);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: { currentPassword: expect.any(String) } });
    const weak = await server.call({
      method: 'POST',
      url: '/api/profile/password',
      token,
      payload: { currentPassword: 'demo1234', newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ fieldErrors: { newPassword: expect.any(String) } });
    const missing = await server.call({ method: 'POST', url: '/api/profile/password', token, payload: {} });
    expectContract('post', '/profile/password', missing);
    expect(missing.statusCode).toBe(400);
    expect(await userRow('oeme@voltline.demo')).toEqual(before);
    expect(await auditCount()).toBe(audit);
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token: other })).statusCode).toBe(200);
  });

  test('the right current password: the new one is kept as a scrypt hash, the other sessions end, audited', async () => {
    const other = await tokenFor('bmse@voltline.demo');
    const token = await tokenFor('bmse@voltline.demo');
    const audit = await auditCount();
    const changed = await server.call({
      method: 'POST',
      url: '/api/profile/password',
      token,
      payload: { currentPassword: 'demo1234', newPassword: 'Str0ng!Passw0rd' },
    });
    expectContract('post', '/profile/password', changed);
    expect(changed.statusCode, changed.body).toBe(204);
    expect(changed.body).toBe('');
    const row = await userRow('bmse@voltline.demo');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('Str0ng!Passw0rd');
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token: other })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    expect((await signIn('bmse@voltline.demo', 'demo1234')).statusCode).toBe(400);
    expect((await signIn('bmse@voltline.demo', 'Str0ng!Passw0rd')).statusCode).toBe(200);
    expect(await auditCount()).toBe(audit + 1);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Profile', entity_id: row.id, action: 'Update' });
    expect(JSON.stringify(entry)).not.toContain('Str0ng!Passw0rd');
    expect(JSON.stringify(entry)).not.toContain(row.password_hash);
    const same = await server.call({
      method: 'POST',
      url: '/api/profile/password',
      token,
      payload: { currentPassword: 'Str0ng!Passw0rd', newPassword: 'Str0ng!Passw0rd' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ fieldErrors: { newPassword: expect.any(String) } });
  });
});

describe('sessions of the caller', () => {
  test('an ended session token answers 401; another account cannot end it (404); ids are not tokens', async () => {
    const first = await tokenFor('mcua@voltline.demo');
    const second = await tokenFor('mcua@voltline.demo');
    const list = await server.call({ method: 'GET', url: '/api/profile/sessions', token: second });
    expectContract('get', '/profile/sessions', list);
    const sessions = list.json() as { id: string; current: boolean }[];
    expect(list.body).not.toContain(first);
    expect(list.body).not.toContain(second);
    const other = sessions.find((s) => !s.current);
    expect(other).toBeDefined();
    const stranger = await server.tokenOf('FA');
    const foreign = await server.call({ method: 'DELETE', url: `/api/profile/sessions/${other?.id}`, token: stranger });
    expectContract('delete', '/profile/sessions/{id}', foreign);
    expect(foreign.statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token: first })).statusCode).toBe(200);
    const ended = await server.call({ method: 'DELETE', url: `/api/profile/sessions/${other?.id}`, token: second });
    expectContract('delete', '/profile/sessions/{id}', ended);
    expect(ended.statusCode).toBe(204);
    expect((await server.call({ method: 'GET', url: '/api/auth/me', token: first })).statusCode).toBe(401);
    expect((await lastAudit()).entity).toBe('Profile');
  });
});
