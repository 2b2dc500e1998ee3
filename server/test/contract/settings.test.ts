import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64')}`;

async function as(role: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}
const withKey = (secret: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  server.call({ method, url, token: secret, ...(payload ? { payload } : {}) });

const auditCount = async () =>
  (await server.database.db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();
const settingsRow = (tenant: string) =>
  server.database.db.selectFrom('company_settings').selectAll().where('tenant_id', '=', tenant).executeTakeFirst();
const logoFiles = async () => {
  try {
    return await readdir(join(server.uploadDir, 'uploads', 'logos'));
  } catch {
    return [];
  }
};

describe('GET /settings', () => {
  test("the caller's company: the platform for platform staff, the OEM for its staff; never a secret", async () => {
    const platform = await as('SA', 'GET', '/api/settings');
    expectContract('get', '/settings', platform);
    expect(platform.statusCode).toBe(200);
    expect(platform.json()).toMatchObject({
      tenantId: 'platform',
      smtpSender: 'alerts@voltline.demo',
      smsSenderId: 'VOLTLN',
      webhookSecretSet: true,
      logo: null,
    });
    expect(platform.body).not.toContain('whsec_');
    const oem = await as('OEMA', 'GET', '/api/settings');
    expectContract('get', '/settings', oem);
    expect(oem.json()).toMatchObject({ tenantId: 'oem-01', webhookSecretSet: false });
    const refused = await as('FA', 'GET', '/api/settings');
    expectContract('get', '/settings', refused);
    expect(refused.statusCode).toBe(403);
  });
});

describe('the company logo: a file under DATA_DIR', () => {
  test('not an image of its type is 400, more than 512 KB is 413, without s.logo 403; nothing written', async () => {
    const before = await settingsRow('platform');
    const audit = await auditCount();
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const asSvg = await as('SA', 'PUT', '/api/settings/logo', { dataUrl: svg, fileName: 'logo.svg' });
    expectContract('put', '/settings/logo', asSvg);
    expect(asSvg.statusCode).toBe(400);
    expect(asSvg.json().fieldErrors.logo).toBe('This file is not a PNG, JPEG or WebP image.');
    const lying = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`;
    const liar = await as('SA', 'PUT', '/api/settings/logo', { dataUrl: lying, fileName: 'x.png' });
    expect(liar.statusCode).toBe(400);
    const notData = await as('SA', 'PUT', '/api/settings/logo', {
      dataUrl: 'https://example.com/x.png',
      fileName: 'x',
    });
    expect(notData.statusCode).toBe(400);
    const bytes = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(520 * 1024, 1)]);
    const big = await as('SA', 'PUT', '/api/settings/logo', {
      dataUrl: `data:image/png;base64,${bytes.toString('base64')}`,
      fileName: 'big.png',
    });
    expectContract('put', '/settings/logo', big);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large', fieldErrors: { logo: expect.any(String) } });
    const se = await as('SE', 'PUT', '/api/settings/logo', { dataUrl: PNG_1PX, fileName: 'l.png' });
    expectContract('put', '/settings/logo', se);
    expect(se.statusCode).toBe(403);
    expect((await as('SE', 'DELETE', '/api/settings/logo')).statusCode).toBe(403);
    expect(await settingsRow('platform')).toEqual(before);
    expect(await auditCount()).toBe(audit);
    expect(await logoFiles()).toEqual([]);
  });

  test('an upload is kept as a file the row names, answered as a data URL; a new one replaces it; delete removes it', async () => {
    const audit = await auditCount();
    const ok = await as('SA', 'PUT', '/api/settings/logo', { dataUrl: PNG_1PX, fileName: 'logo.png' });
    expectContract('put', '/settings/logo', ok);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().logo).toMatchObject({ type: 'image/png', fileName: 'logo.png', dataUrl: PNG_1PX, size: 70 });
    const first = await logoFiles();
    expect(first).toHaveLength(1);
    const row = await settingsRow('platform');
    expect(row?.logo_file).toBe(first[0]);
    expect(JSON.stringify(row)).not.toContain('base64');
    expect((await as('SA', 'GET', '/api/settings')).json().logo.dataUrl).toBe(PNG_1PX);
    expect(await auditCount()).toBe(audit + 1);
    expect(await lastAudit()).toMatchObject({ entity: 'Settings', entity_id: 'platform', action: 'Update' });
    expect(JSON.stringify((await lastAudit()).changes)).not.toContain('base64');

    const jpeg = await as('SA', 'PUT', '/api/settings/logo', { dataUrl: JPEG, fileName: 'logo.jpg' });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json().logo).toMatchObject({ type: 'image/jpeg', dataUrl: JPEG });
    const second = await logoFiles();
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    // The OEM's settings are its own: no logo there.
    expect((await as('OEMA', 'GET', '/api/settings')).json().logo).toBeNull();

    const removed = await as('SA', 'DELETE', '/api/settings/logo');
    expectContract('delete', '/settings/logo', removed);
    expect(removed.statusCode).toBe(204);
    expect(await logoFiles()).toEqual([]);
    expect((await as('SA', 'GET', '/api/settings')).json().logo).toBeNull();
    expect(await lastAudit()).toMatchObject({ entity: 'Settings', action: 'Delete' });
  });
});

describe('delivery methods', () => {
  test('bad values are 400 naming the fields, nothing written; good ones saved (SMS id upper case) and audited', async () => {
    const before = await settingsRow('oem-01');
    const audit = await auditCount();
    const bad = await as('OEMA', 'PATCH', '/api/settings/delivery', { smtpSender: 'nope', smsSenderId: 'a b' });
    expectContract('patch', '/settings/delivery', bad);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['smsSenderId', 'smtpSender']);
    expect(await settingsRow('oem-01')).toEqual(before);
    expect(await auditCount()).toBe(audit);
    const ok = await as('OEMA', 'PATCH', '/api/settings/delivery', {
      smtpSender: 'Alerts@Oem.example',
      smsSenderId: 'oemone',
    });
    expectContract('patch', '/settings/delivery', ok);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ tenantId: 'oem-01', smtpSender: 'alerts@oem.example', smsSenderId: 'OEMONE' });
    expect(await lastAudit()).toMatchObject({ entity: 'Settings', entity_id: 'oem-01', action: 'Update' });
    // The platform's are untouched.
    expect((await as('SA', 'GET', '/api/settings')).json().smsSenderId).toBe('VOLTLN');
  });

  test('a new web-hook secret is answered once; afterwards only "set"', async () => {
    const made = await as('OEMA', 'POST', '/api/settings/delivery/webhook-secret');
    expectContract('post', '/settings/delivery/webhook-secret', made);
    expect(made.statusCode).toBe(200);
    const { secret } = made.json();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const after = await as('OEMA', 'GET', '/api/settings');
    expect(after.json().webhookSecretSet).toBe(true);
    expect(after.body).not.toContain(secret);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: 'Settings', entity_id: 'oem-01' });
    expect(JSON.stringify(entry)).not.toContain(secret);
    expect((await as('DR', 'POST', '/api/settings/delivery/webhook-secret')).statusCode).toBe(403);
  });
});

describe('REST API keys', () => {
  test("a company's keys only; an OEM admin lists but cannot create; bad input 400; nothing written", async () => {
    const oem = await as('OEMA', 'GET', '/api/api-keys');
    expectContract('get', '/api-keys', oem);
    expect(oem.json().map((k: { id: string }) => k.id)).toEqual(['apk-0002']);
    const created = await as('OEMA', 'POST', '/api/api-keys', { name: 'x', scope: 'read' });
    expectContract('post', '/api-keys', created);
    expect(created.statusCode).toBe(403);
    const keys = await server.database.db.selectFrom('api_keys').select('id').execute();
    const invalid = await as('SA', 'POST', '/api/api-keys', { name: ' ', scope: 'all' });
    expectContract('post', '/api-keys', invalid);
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fieldErrors ?? {}).length).toBeGreaterThan(0);
    const blank = await as('SA', 'POST', '/api/api-keys', { name: ' ', scope: 'read' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.name).toEqual(expect.any(String));
    expect(await server.database.db.selectFrom('api_keys').select('id').execute()).toEqual(keys);
    const foreign = await as('SA', 'POST', '/api/api-keys/apk-0002/revoke');
    expectContract('post', '/api-keys/{id}/revoke', foreign);
    expect(foreign.statusCode).toBe(404);
    expect((await as('SA', 'POST', '/api/api-keys/apk-0002/reset')).statusCode).toBe(404);
  });

  test('the secret is shown once and kept hashed; it works as a bearer (read: reads only); reset and revoke end it', async () => {
    const created = await as('SA', 'POST', '/api/api-keys', { name: 'BI export', scope: 'read' });
    expectContract('post', '/api-keys', created);
    expect(created.statusCode, created.body).toBe(201);
    const { secret, id } = created.json();
    expect(secret).toMatch(/^vlk_[0-9a-f]{48}$/);
    expect(created.json().prefix).toBe(secret.slice(0, 10));
    const row = await server.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await lastAudit()).toMatchObject({ entity: 'Settings', entity_id: id, action: 'Add' });
    expect(JSON.stringify(await lastAudit())).not.toContain(secret);

    const listed = await as('SA', 'GET', '/api/api-keys');
    expect(listed.json()[0].id).toBe(id);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toContain(row.secret_hash);

    const read = await withKey(secret, 'GET', '/api/vehicles?pageSize=1');
    expect(read.statusCode).toBe(200);
    expect((await withKey(secret, 'POST', '/api/vehicles/veh-000001/resync')).statusCode).toBe(403);
    expect((await withKey(secret, 'POST', '/api/api-keys', { name: 'y', scope: 'read' })).statusCode).toBe(403);
    const used = (await as('SA', 'GET', '/api/api-keys')).json().find((k: { id: string }) => k.id === id);
    expect(used.lastUsedAt).toEqual(expect.any(String));

    const count = (await server.database.db.selectFrom('api_keys').select('id').execute()).length;
    const dup = await as('SA', 'POST', '/api/api-keys', { name: 'bi EXPORT', scope: 'write' });
    expectContract('post', '/api-keys', dup);
    expect(dup.statusCode).toBe(409);
    expect((await server.database.db.selectFrom('api_keys').select('id').execute()).length).toBe(count);

    const reset = await as('SA', 'POST', `/api/api-keys/${id}/reset`);
    expectContract('post', '/api-keys/{id}/reset', reset);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().secret).not.toBe(secret);
    expect(reset.json().lastUsedAt).toBeNull();
    expect((await withKey(secret, 'GET', '/api/vehicles?pageSize=1')).statusCode).toBe(401);
    expect((await withKey(reset.json().secret, 'GET', '/api/vehicles?pageSize=1')).statusCode).toBe(200);

    const revoked = await as('SA', 'POST', `/api/api-keys/${id}/revoke`);
    expectContract('post', '/api-keys/{id}/revoke', revoked);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect((await withKey(reset.json().secret, 'GET', '/api/vehicles?pageSize=1')).statusCode).toBe(401);
    const again = await as('SA', 'POST', `/api/api-keys/${id}/revoke`);
    expectContract('post', '/api-keys/{id}/revoke', again);
    expect(again.statusCode).toBe(409);
    expect((await as('SA', 'POST', `/api/api-keys/${id}/reset`)).statusCode).toBe(409);
    // A revoked key's name is free again.
    expect((await as('SA', 'POST', '/api/api-keys', { name: 'BI export', scope: 'read' })).statusCode).toBe(201);
  });

  test('two revokes at once: one 200, one 409, one audit entry', async () => {
    const { id } = (await as('SA', 'POST', '/api/api-keys', { name: 'Twice', scope: 'read' })).json();
    const audit = await auditCount();
    const token = await server.tokenOf('SA');
    const both = await Promise.all(
      [1, 2].map(() => server.call({ method: 'POST', url: `/api/api-keys/${id}/revoke`, token })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditCount()).toBe(audit + 1);
  });

  test('a write key acts for its creator but never manages keys, settings or the profile (403)', async () => {
    const created = await as('SA', 'POST', '/api/api-keys', { name: 'DMS sync', scope: 'write' });
    const { secret } = created.json();
    expect((await withKey(secret, 'POST', '/api/api-keys', { name: 'z', scope: 'read' })).statusCode).toBe(403);
    expect((await withKey(secret, 'PATCH', '/api/settings/delivery', { smsSenderId: 'HACKED' })).statusCode).toBe(403);
    expect((await withKey(secret, 'PATCH', '/api/profile', { name: 'Hacked' })).statusCode).toBe(403);
    expect((await withKey(secret, 'POST', '/api/profile/sessions/sign-out-others')).statusCode).toBe(403);
    expect((await as('SA', 'GET', '/api/settings')).json().smsSenderId).toBe('VOLTLN');
  });
});
