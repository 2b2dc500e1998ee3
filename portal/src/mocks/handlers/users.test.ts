import { expect, test } from 'vitest';
import { forgetWorldDb } from '../world/world-instance';
import { call, signIn } from '../test/api-test-client';

const NEW_USER = { name: 'Asha Rao', email: 'asha.rao@example.com', phone: '+91 98765 43210', roleId: 'FE' };

test('answers 401 without a token and 403 without su', async () => {
  expect((await call('GET', '/users')).status).toBe(401);
  expect((await call('GET', '/users', { token: await signIn('DR') })).status).toBe(403);
});

test('lists accounts with role, organisation, status and last sign-in, within the caller scope', async () => {
  const sa = await signIn('SA');
  const all = await call('GET', '/users?q=fa@voltline.demo', { token: sa });
  expect(all.body.items).toHaveLength(1);
  expect(all.body.items[0]).toMatchObject({ role: 'FA', roleId: 'FA', roleName: 'Fleet Admin', status: 1 });
  expect(all.body.items[0].organisation).toEqual(expect.any(String));
  expect(all.body.items[0]).not.toHaveProperty('password');
  const signedIn = await call('GET', '/users?filter[role]=SA', { token: sa });
  expect(signedIn.body.items[0].lastSignInAt).toEqual(expect.any(String));

  const fa = await signIn('FA');
  const mine = await call('GET', '/users?pageSize=1000', { token: fa });
  expect(mine.status).toBe(200);
  const fleetIds = new Set(mine.body.items.map((u: { fleetId?: string }) => u.fleetId));
  expect([...fleetIds]).toEqual(['flt-0001']);
  expect(mine.body.items.map((u: { role: string }) => u.role).sort()).toEqual(['DR', 'FA', 'FA', 'FE']);
});

test('creates an account inside the creator scope, audited, with a one-time password', async () => {
  const fa = await signIn('FA');
  const created = await call('POST', '/users', { token: fa, body: { ...NEW_USER, fleetId: 'flt-0002' } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ email: 'asha.rao@example.com', role: 'FE', fleetId: 'flt-0001' });
  expect(created.body.temporaryPassword).toMatch(/^Vl-/);
  forgetWorldDb();
  const login = await call('POST', '/auth/login', {
    body: { email: 'asha.rao@example.com', password: created.body.temporaryPassword },
  });
  expect(login.status).toBe(200);
  const sa = await signIn('SA');
  const audit = await call('GET', `/audit?filter[entity]=User&filter[entityId]=${created.body.id}`, { token: sa });
  expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['Add']);
});

test('a fleet admin cannot give a role of another kind of organisation', async () => {
  const fa = await signIn('FA');
  const res = await call('POST', '/users', { token: fa, body: { ...NEW_USER, roleId: 'OEMA' } });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors.roleId).toBeDefined();
});

test('a duplicate e-mail and an invalid phone answer field errors', async () => {
  const sa = await signIn('SA');
  const dup = await call('POST', '/users', {
    token: sa,
    body: { ...NEW_USER, email: 'FA@voltline.demo', fleetId: 'flt-0001' },
  });
  expect(dup.status).toBe(409);
  expect(dup.body.fieldErrors).toEqual({ email: 'This e-mail address is already in use.' });
  const phone = await call('POST', '/users', { token: sa, body: { ...NEW_USER, phone: '12ab', fleetId: 'flt-0001' } });
  expect(phone.status).toBe(400);
  expect(Object.keys(phone.body.fieldErrors)).toEqual(['phone']);
  const org = await call('POST', '/users', { token: sa, body: NEW_USER });
  expect(org.body.fieldErrors).toEqual({ fleetId: 'Choose the fleet of the account.' });
});

test('deactivating ends the sessions; activating lets the account in again', async () => {
  const sa = await signIn('SA');
  const fe = await signIn('FE');
  const off = await call('POST', '/users/usr-fe/status', { token: sa, body: { status: 0 } });
  expect(off.status).toBe(200);
  expect(off.body.status).toBe(0);
  expect((await call('GET', '/auth/me', { token: fe })).status).toBe(401);
  expect((await call('POST', '/users/usr-fe/status', { token: sa, body: { status: 1 } })).body.status).toBe(1);
  await signIn('FE');
});

test('nobody can deactivate or demote the last Super Admin, nor deactivate themselves', async () => {
  const sa = await signIn('SA');
  const self = await call('POST', '/users/usr-sa/status', { token: sa, body: { status: 0 } });
  expect(self.status).toBe(409);
  const demote = await call('PATCH', '/users/usr-sa', { token: sa, body: { roleId: 'SE' } });
  expect(demote.status).toBe(409);
  expect(demote.body.fieldErrors.roleId).toBeDefined();
});

test('reset password needs the Reset bit and answers a new one-time password', async () => {
  const fe = await signIn('FE');
  expect((await call('POST', '/users/usr-fa/reset-password', { token: fe })).status).toBe(403);
  const sa = await signIn('SA');
  const reset = await call('POST', '/users/usr-fe/reset-password', { token: sa });
  expect(reset.status).toBe(200);
  const login = await call('POST', '/auth/login', {
    body: { email: 'fe@voltline.demo', password: reset.body.temporaryPassword },
  });
  expect(login.status).toBe(200);
});

test('assigning a role is audited as Assign and changes the permissions on the next request', async () => {
  const sa = await signIn('SA');
  const fe = await signIn('FE');
  expect((await call('GET', '/users', { token: fe })).status).toBe(403);
  const assigned = await call('PATCH', '/users/usr-fe', { token: sa, body: { roleId: 'FA' } });
  expect(assigned.body).toMatchObject({ role: 'FA', roleId: 'FA' });
  expect((await call('GET', '/users', { token: fe })).status).toBe(200);
  const audit = await call('GET', '/audit?filter[entity]=User&filter[entityId]=usr-fe', { token: sa });
  expect(audit.body.items.map((a: { action: string }) => a.action)).toContain('Assign');
});

test('an account outside the caller scope is 404', async () => {
  const fa = await signIn('FA');
  expect((await call('GET', '/users/usr-sa', { token: fa })).status).toBe(404);
  expect((await call('PATCH', '/users/usr-flt-0002', { token: fa, body: { name: 'X' } })).status).toBe(404);
});
