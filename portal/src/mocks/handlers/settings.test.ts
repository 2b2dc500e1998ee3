import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('company settings', () => {
  test('401 without a token, 403 without s (a fleet admin), 200 for an OEM admin', async () => {
    expect((await call('GET', '/settings')).status).toBe(401);
    expect((await call('GET', '/settings', { token: await signIn('FA') })).status).toBe(403);
    const res = await call('GET', '/settings', { token: await signIn('OEMA') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tenantId: 'oem-01', logo: null, webhookSecretSet: false });
  });

  test('a logo must be a real PNG, JPEG or WebP of at most 512 KB', async () => {
    const sa = await signIn('SA');
    const svg = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
    const asSvg = await call('PUT', '/settings/logo', { token: sa, body: { dataUrl: svg, fileName: 'logo.svg' } });
    expect(asSvg.status).toBe(400);
    expect(asSvg.body.fieldErrors.logo).toBe('This file is not a PNG, JPEG or WebP image.');
    const lying = `data:image/png;base64,${btoa('not really a png')}`;
    expect(
      (await call('PUT', '/settings/logo', { token: sa, body: { dataUrl: lying, fileName: 'x.png' } })).body.fieldErrors
        .logo,
    ).toBe('This file is not a PNG, JPEG or WebP image.');
    const big = `data:image/png;base64,${btoa(`\x89PNG\r\n\x1a\n${'x'.repeat(600 * 1024)}`)}`;
    expect(
      (await call('PUT', '/settings/logo', { token: sa, body: { dataUrl: big, fileName: 'big.png' } })).body.fieldErrors
        .logo,
    ).toBe('The image is larger than 512 KB.');
    const ok = await call('PUT', '/settings/logo', { token: sa, body: { dataUrl: PNG_1PX, fileName: 'logo.png' } });
    expect(ok.status).toBe(200);
    expect(ok.body.logo).toMatchObject({ type: 'image/png', fileName: 'logo.png', dataUrl: PNG_1PX });
    const se = await signIn('SE');
    expect(
      (await call('PUT', '/settings/logo', { token: se, body: { dataUrl: PNG_1PX, fileName: 'l.png' } })).status,
    ).toBe(403);
    expect((await call('DELETE', '/settings/logo', { token: sa })).status).toBe(204);
    expect((await call('GET', '/settings', { token: sa })).body.logo).toBeNull();
  });

  test('delivery methods validate the SMTP sender and SMS sender id; the web-hook secret is shown once', async () => {
    const oema = await signIn('OEMA');
    const bad = await call('PATCH', '/settings/delivery', {
      token: oema,
      body: { smtpSender: 'not-an-email', smsSenderId: 'TOO LONG SENDER' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['smsSenderId', 'smtpSender']);
    const ok = await call('PATCH', '/settings/delivery', {
      token: oema,
      body: { smtpSender: 'Alerts@OEM.example', smsSenderId: 'oemfleet' },
    });
    expect(ok.body).toMatchObject({ smtpSender: 'alerts@oem.example', smsSenderId: 'OEMFLEET' });
    const secret = await call('POST', '/settings/delivery/webhook-secret', { token: oema });
    expect(secret.body.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const after = await call('GET', '/settings', { token: oema });
    expect(after.body.webhookSecretSet).toBe(true);
    expect(JSON.stringify(after.body)).not.toContain(secret.body.secret);
  });
});

describe('REST API keys', () => {
  test('403 for an OEM admin creating (read-only s.api); an SE only lists', async () => {
    const oema = await signIn('OEMA');
    expect((await call('GET', '/api-keys', { token: oema })).status).toBe(200);
    expect((await call('POST', '/api-keys', { token: oema, body: { name: 'x', scope: 'read' } })).status).toBe(403);
    expect(
      (await call('POST', '/api-keys', { token: await signIn('SE'), body: { name: 'x', scope: 'read' } })).status,
    ).toBe(403);
  });

  test('the secret is shown once, works as a bearer key (read scope: reads only), reset replaces it, revoke ends it', async () => {
    const sa = await signIn('SA');
    const invalid = await call('POST', '/api-keys', { token: sa, body: { name: ' ', scope: 'all' } });
    expect(Object.keys(invalid.body.fieldErrors).sort()).toEqual(['name', 'scope']);
    const created = await call('POST', '/api-keys', { token: sa, body: { name: 'BI export', scope: 'read' } });
    expect(created.status).toBe(201);
    const { secret, id } = created.body;
    expect(secret).toMatch(/^vlk_/);
    expect(created.body.prefix).toBe(secret.slice(0, 10));
    expect(created.body.lastUsedAt).toBeNull();

    const listed = await call('GET', '/api-keys', { token: sa });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain('secretHash');

    expect((await call('GET', '/vehicles?pageSize=1', { token: secret })).status).toBe(200);
    expect((await call('POST', '/vehicles/veh-000001/resync', { token: secret })).status).toBe(403);
    expect((await call('POST', '/api-keys', { token: secret, body: { name: 'y', scope: 'read' } })).status).toBe(403);
    const used = (await call('GET', '/api-keys', { token: sa })).body.find((k: { id: string }) => k.id === id);
    expect(used.lastUsedAt).toEqual(expect.any(String));

    const dup = await call('POST', '/api-keys', { token: sa, body: { name: 'bi EXPORT', scope: 'write' } });
    expect(dup.status).toBe(409);

    const reset = await call('POST', `/api-keys/${id}/reset`, { token: sa });
    expect(reset.body.secret).not.toBe(secret);
    expect((await call('GET', '/vehicles?pageSize=1', { token: secret })).status).toBe(401);
    expect((await call('GET', '/vehicles?pageSize=1', { token: reset.body.secret })).status).toBe(200);

    const revoked = await call('POST', `/api-keys/${id}/revoke`, { token: sa });
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await call('GET', '/vehicles?pageSize=1', { token: reset.body.secret })).status).toBe(401);
    expect((await call('POST', `/api-keys/${id}/revoke`, { token: sa })).status).toBe(409);
    expect((await call('POST', `/api-keys/${id}/reset`, { token: sa })).status).toBe(409);

    const audit = await call('GET', `/audit?filter[entity]=Settings&filter[entityId]=${id}`, { token: sa });
    expect(audit.body.items).toHaveLength(3);
    expect(JSON.stringify(audit.body)).not.toContain(reset.body.secret);
  });

  test("another company's key is a 404", async () => {
    const sa = await signIn('SA');
    expect((await call('POST', '/api-keys/apk-0002/revoke', { token: sa })).status).toBe(404);
  });
});
