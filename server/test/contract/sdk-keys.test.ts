import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SDK_KEY } from '../../src/db/repositories/feedback-repository';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

/** SDK keys in Settings (issue 38 item 2, decision 0123): the organisation's keys and the widget config they serve. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

async function as(role: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return server.call({ method, url, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}
const widget = (method: 'GET' | 'POST', path: string, key: string, payload?: unknown) =>
  server.call({
    method,
    url: `/widget-api${path}`,
    headers: { 'content-type': 'application/json', 'api-token': key },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const keyRows = () => server.database.db.selectFrom('sdk_keys').selectAll().orderBy('id').execute();
const auditCount = async () =>
  (await server.database.db.selectFrom('audit').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const lastAudit = () =>
  server.database.db.selectFrom('audit').selectAll().orderBy('seq', 'desc').executeTakeFirstOrThrow();

type Key = { id: string; key: string; name: string; config: Record<string, unknown>; revokedAt: string | null };

describe('GET /sdk-keys', () => {
  test("the caller organisation's keys with the config the widget gets; 403 without `s`", async () => {
    const platform = await as('SA', 'GET', '/api/sdk-keys');
    expectContract('get', '/sdk-keys', platform);
    expect(platform.statusCode).toBe(200);
    const demo = platform.json().find((k: Key) => k.key === DEMO_SDK_KEY);
    expect(demo).toMatchObject({
      id: 'sdk-demo',
      name: 'Voltline portal',
      revokedAt: null,
      config: { color: '#485BFF', position: 'BOTTOM_RIGHT', webReplays: true, networkLogs: true, language: 'auto' },
    });
    // The platform employee sees them (List); an OEM admin sees only the OEM's (none yet).
    expect((await as('SE', 'GET', '/api/sdk-keys')).statusCode).toBe(200);
    const oem = await as('OEMA', 'GET', '/api/sdk-keys');
    expect(oem.statusCode).toBe(200);
    expect(oem.json()).toEqual([]);
    for (const role of ['OEME', 'FA']) {
      const refused = await as(role, 'GET', '/api/sdk-keys');
      expectContract('get', '/sdk-keys', refused);
      expect(refused.statusCode, role).toBe(403);
    }
  });
});

describe('create, edit, revoke', () => {
  test('a new key serves its config at once; an edit is what GET /config/{key} answers; revoked: 401, nothing stored', async () => {
    const audit = await auditCount();
    const created = await as('OEMA', 'POST', '/api/sdk-keys', {
      name: '  Dealer site ',
      config: { color: '#12ab34', position: 'BOTTOM_LEFT', webReplays: false },
    });
    expectContract('post', '/sdk-keys', created);
    expect(created.statusCode, created.body).toBe(201);
    const key: Key = created.json();
    expect(key.key).toMatch(/^sdk_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({
      name: 'Dealer site',
      revokedAt: null,
      config: { color: '#12AB34', position: 'BOTTOM_LEFT', webReplays: false, networkLogs: true, language: 'auto' },
    });
    expect(await auditCount()).toBe(audit + 1);
    expect(await lastAudit()).toMatchObject({ entity: 'Settings', entity_id: key.id, action: 'Add' });
    const row = (await keyRows()).find((r) => r.id === key.id);
    expect(row?.tenant_id).toBe('oem-01');

    const config = async () => {
      const response = await widget('GET', `/config/${encodeURIComponent(key.key)}?lang=en-us`, key.key);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().flowConfig;
    };
    expect(await config()).toMatchObject({
      color: '#12AB34',
      headerColor: '#12AB34',
      buttonColor: '#12AB34',
      feedbackButtonPosition: 'BOTTOM_LEFT',
      enableWebReplays: false,
      enableNetworkLogs: true,
      borderRadius: 20,
    });

    const edited = await as('OEMA', 'PATCH', `/api/sdk-keys/${key.id}`, {
      name: 'Dealer portal',
      config: { networkLogs: false, language: 'ar', position: 'BUTTON_CLASSIC' },
    });
    expectContract('patch', '/sdk-keys/{id}', edited);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Dealer portal',
      config: { color: '#12AB34', position: 'BUTTON_CLASSIC', webReplays: false, networkLogs: false, language: 'ar' },
    });
    const changes = (await lastAudit()).changes as { field: string; after: unknown }[];
    expect(changes.map((c) => c.field).sort()).toEqual(['language', 'name', 'networkLogs', 'position']);
    expect(await config()).toMatchObject({
      color: '#12AB34',
      feedbackButtonPosition: 'BUTTON_CLASSIC',
      enableWebReplays: false,
      enableNetworkLogs: false,
      localizationOptions: { language: 'ar', rtl: true },
    });
    const listed = (await as('OEMA', 'GET', '/api/sdk-keys')).json();
    expect(listed[0]).toEqual(edited.json());

    // The key works on the widget API until it is revoked.
    expect((await widget('POST', '/sessions', key.key, { lang: 'en-us' })).statusCode).toBe(201);
    const revoked = await as('OEMA', 'POST', `/api/sdk-keys/${key.id}/revoke`);
    expectContract('post', '/sdk-keys/{id}/revoke', revoked);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect(await lastAudit()).toMatchObject({ entity: 'Settings', entity_id: key.id, action: 'Delete' });

    const sessions = async () =>
      (await server.database.db.selectFrom('widget_sessions').select('id').where('sdk_key_id', '=', key.id).execute())
        .length;
    const reports = async () =>
      (await server.database.db.selectFrom('feedback_reports').select('id').where('sdk_key_id', '=', key.id).execute())
        .length;
    const before = [await sessions(), await reports()];
    expect((await widget('GET', `/config/${key.key}`, key.key)).statusCode).toBe(401);
    expect((await widget('POST', '/sessions', key.key, { lang: 'en-us' })).statusCode).toBe(401);
    expect(
      (await widget('POST', '/bugs/v2', key.key, { type: 'BUG', formData: { description: 'x' } })).statusCode,
    ).toBe(401);
    expect([await sessions(), await reports()]).toEqual(before);

    const again = await as('OEMA', 'POST', `/api/sdk-keys/${key.id}/revoke`);
    expectContract('post', '/sdk-keys/{id}/revoke', again);
    expect(again.statusCode).toBe(409);
    const editRevoked = await as('OEMA', 'PATCH', `/api/sdk-keys/${key.id}`, { name: 'Back' });
    expectContract('patch', '/sdk-keys/{id}', editRevoked);
    expect(editRevoked.statusCode).toBe(409);
  });

  test('a bad colour, position or language is 400 with field errors, nothing written', async () => {
    const rows = await keyRows();
    const audit = await auditCount();
    const cases: [object, string][] = [
      [{ name: 'x', config: { color: 'red' } }, 'config.color'],
      [{ name: 'x', config: { color: '#12345' } }, 'config.color'],
      [{ name: 'x', config: { position: 'TOP_LEFT' } }, 'config.position'],
      [{ name: 'x', config: { language: 'nl' } }, 'config.language'],
      [{ name: 'x', config: { webReplays: 'yes' } }, 'config.webReplays'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await as('SA', 'POST', '/api/sdk-keys', body);
      expectContract('post', '/sdk-keys', response);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(body)).toEqual(expect.any(String));
      const edit = await as('SA', 'PATCH', '/api/sdk-keys/sdk-demo', body);
      expectContract('patch', '/sdk-keys/{id}', edit);
      expect(edit.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await keyRows()).toEqual(rows);
    expect(await auditCount()).toBe(audit);
  });

  test('403 without the action, and for a REST API key; 404 for another organisation’s key or none', async () => {
    const rows = await keyRows();
    // The platform employee lists but holds neither Add, Update nor Delete on `s`.
    expect((await as('SE', 'POST', '/api/sdk-keys', { name: 'x' })).statusCode).toBe(403);
    const edit = await as('SE', 'PATCH', '/api/sdk-keys/sdk-demo', { name: 'x' });
    expectContract('patch', '/sdk-keys/{id}', edit);
    expect(edit.statusCode).toBe(403);
    expect((await as('SE', 'POST', '/api/sdk-keys/sdk-demo/revoke')).statusCode).toBe(403);
    expect((await as('FA', 'POST', '/api/sdk-keys', { name: 'x' })).statusCode).toBe(403);
    const apiKey = (await as('SA', 'POST', '/api/api-keys', { name: 'SDK test', scope: 'write' })).json().secret;
    const byApiKey = await server.call({
      method: 'POST',
      url: '/api/sdk-keys',
      token: apiKey,
      payload: { name: 'x' },
    });
    expect(byApiKey.statusCode).toBe(403);
    // The platform's key is out of an OEM admin's scope.
    const foreignEdit = await as('OEMA', 'PATCH', '/api/sdk-keys/sdk-demo', { config: { color: '#000000' } });
    expectContract('patch', '/sdk-keys/{id}', foreignEdit);
    expect(foreignEdit.statusCode).toBe(404);
    const foreignRevoke = await as('OEMA', 'POST', '/api/sdk-keys/sdk-demo/revoke');
    expectContract('post', '/sdk-keys/{id}/revoke', foreignRevoke);
    expect(foreignRevoke.statusCode).toBe(404);
    expect((await as('SA', 'POST', '/api/sdk-keys/sdk-nothing/revoke')).statusCode).toBe(404);
    expect(await keyRows()).toEqual(rows);
    expect((await widget('GET', `/config/${DEMO_SDK_KEY}`, DEMO_SDK_KEY)).json().flowConfig.color).toBe('#485BFF');
  });

  test('two revokes at once: one 200, one 409, one audit entry', async () => {
    const { id } = (await as('SA', 'POST', '/api/sdk-keys', { name: 'Twice' })).json();
    const audit = await auditCount();
    const token = await server.tokenOf('SA');
    const both = await Promise.all(
      [1, 2].map(() => server.call({ method: 'POST', url: `/api/sdk-keys/${id}/revoke`, token })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditCount()).toBe(audit + 1);
  });
});
