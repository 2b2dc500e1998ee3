import { expect, test } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import { call, signIn } from '../test/api-test-client';

test('lists the built-in roles seeded from the default matrix', async () => {
  const sa = await signIn('SA');
  const res = await call('GET', '/roles?pageSize=100', { token: sa });
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(26);
  const fa = res.body.items.find((r: { id: string }) => r.id === 'FA');
  expect(fa).toMatchObject({ code: 'FA', name: 'Fleet Admin', builtIn: true, locked: false });
  expect(fa.permissions).toEqual(defaultPermissionsFor('FA'));
  expect(fa.userCount).toBeGreaterThan(0);
  expect(res.body.items.find((r: { id: string }) => r.id === 'SA').locked).toBe(true);
});

test('a fleet admin sees only fleet and driver roles; others are 404', async () => {
  const fa = await signIn('FA');
  const res = await call('GET', '/roles?pageSize=100', { token: fa });
  expect(res.body.items.map((r: { id: string }) => r.id).sort()).toEqual(['DR', 'FA', 'FE']);
  expect((await call('GET', '/roles/SA', { token: fa })).status).toBe(404);
});

test('a role change takes effect on the next request of its holders, audited as Access', async () => {
  const sa = await signIn('SA');
  const fe = await signIn('FE');
  expect((await call('GET', '/audit', { token: fe })).status).toBe(403);
  const fePerms = defaultPermissionsFor('FE');
  const granted = await call('PATCH', '/roles/FE', { token: sa, body: { permissions: { ...fePerms, ah: 1 } } });
  expect(granted.status).toBe(200);
  expect((await call('GET', '/audit', { token: fe })).status).toBe(200);
  expect((await call('GET', '/auth/me', { token: fe })).body.permissions.ah).toBe(1);
  await call('PATCH', '/roles/FE', { token: sa, body: { permissions: fePerms } });
  expect((await call('GET', '/audit', { token: fe })).status).toBe(403);
  const audit = await call('GET', '/audit?filter[entity]=Access&filter[entityId]=FE', { token: sa });
  expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['Update', 'Update']);
});

test('a role with no permission, an unknown key or a bit that does not apply is refused', async () => {
  const sa = await signIn('SA');
  const empty = await call('POST', '/roles', { token: sa, body: { name: 'Nobody', code: 'FE', permissions: {} } });
  expect(empty.status).toBe(400);
  expect(empty.body.fieldErrors).toEqual({ permissions: 'Give the role at least one permission.' });
  const bad = await call('POST', '/roles', {
    token: sa,
    body: { name: 'Odd', code: 'FE', permissions: { nope: 1, ah: 1 | 16384 } },
  });
  expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['permissions.ah', 'permissions.nope']);
});

test('a role cannot grant more than its editor holds', async () => {
  const oema = await signIn('OEMA');
  const res = await call('POST', '/roles', {
    token: oema,
    body: { name: 'Fleet auditor', code: 'FE', permissions: { 'fleet.l': 1, 'oem.l': 1 } },
  });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors.permissions).toMatch(/cannot grant what you do not hold: OEM Access/);
  expect((await call('POST', '/roles', { token: await signIn('FA'), body: {} })).status).toBe(403);
  const ok = await call('POST', '/roles', {
    token: oema,
    body: { name: 'Fleet dispatcher', code: 'FE', permissions: { 'drv.l': 1, gr: 3 } },
  });
  expect(ok.status).toBe(201);
  expect(ok.body).toMatchObject({ builtIn: false, code: 'FE', userCount: 0 });
});

test('the Super Admin role is locked; built-in and held roles cannot be deleted', async () => {
  const sa = await signIn('SA');
  expect((await call('PATCH', '/roles/SA', { token: sa, body: { permissions: { db: 1 } } })).status).toBe(409);
  expect((await call('DELETE', '/roles/FA', { token: sa })).status).toBe(409);
  const made = await call('POST', '/roles', { token: sa, body: { name: 'Temp', code: 'FE', permissions: { db: 1 } } });
  await call('PATCH', '/users/usr-fe', { token: sa, body: { roleId: made.body.id } });
  expect((await call('DELETE', `/roles/${made.body.id}`, { token: sa })).status).toBe(409);
  await call('PATCH', '/users/usr-fe', { token: sa, body: { roleId: 'FE' } });
  expect((await call('DELETE', `/roles/${made.body.id}`, { token: sa })).status).toBe(204);
});
