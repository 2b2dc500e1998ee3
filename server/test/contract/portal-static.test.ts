import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseRuntimeConfig } from '@/config/env-schema';
import { createTestServer, type TestServer } from '../helpers';

const portalDir = mkdtempSync(join(tmpdir(), 'voltline-portal-'));
let server: TestServer;

beforeAll(async () => {
  mkdirSync(join(portalDir, 'assets'));
  writeFileSync(
    join(portalDir, 'index.html'),
    '<!doctype html><title>Voltline</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(portalDir, 'assets', 'app.js'), 'console.log("portal");');
  // A clean installation: no demo world, one Super Admin.
  server = await createTestServer({
    PORTAL_DIR: portalDir,
    SEED: 'none',
    ADMIN_EMAIL: 'Ops@Example.com',
    ADMIN_PASSWORD: 'correct horse battery',
    BEHIND_TLS: '1',
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(portalDir, { recursive: true, force: true });
});

test('the portal is served at / and its files by path', async () => {
  const page = await server.call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<title>Voltline</title>');
  const script = await server.call({ method: 'GET', url: '/assets/app.js' });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toContain('javascript');
});

test('any other page path answers the portal (its router decides), but not under /api', async () => {
  const deep = await server.call({
    method: 'GET',
    url: '/vehicle-management/veh-000001',
    headers: { accept: 'text/html' },
  });
  expect(deep.statusCode).toBe(200);
  expect(deep.body).toContain('<title>Voltline</title>');
  const api = await server.call({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
  expect(api.statusCode).toBe(404);
  expect(api.json()).toMatchObject({ code: 'not_found' });
});

test('/config.json points the portal at this API and this broker (wss behind TLS)', async () => {
  const response = await server.call({
    method: 'GET',
    url: '/config.json',
    headers: { host: 'fleet.example.com', 'x-forwarded-proto': 'https' },
  });
  expect(response.json()).toEqual({ apiUrl: '/api', mqttUrl: 'wss://fleet.example.com/mqtt' });
  // The portal reads it with its own parser, which refuses keys a deployment may not set (it used to name `demo`,
  // and the portal stopped at a blank page).
  expect(parseRuntimeConfig(response.json())).toEqual({ apiUrl: '/api', mqttUrl: 'wss://fleet.example.com/mqtt' });
});

test('behind TLS every answer carries Strict-Transport-Security', async () => {
  const response = await server.call({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('SEED=none starts with the configured Super Admin only', async () => {
  const demo = await server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'sa@voltline.demo', password: 'demo1234' },
  });
  expect(demo.statusCode).toBe(400);
  const admin = await server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'ops@example.com', password: 'correct horse battery' },
  });
  expect(admin.statusCode).toBe(200);
  expect(admin.json().user.role).toBe('SA');
  const vehicles = await server.call({ method: 'GET', url: '/api/vehicles', token: admin.json().token });
  expect(vehicles.json()).toMatchObject({ total: 0, items: [] });
});
