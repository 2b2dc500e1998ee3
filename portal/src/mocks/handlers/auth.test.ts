import { describe, expect, test } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import { DEMO_USERS } from '../world/demo-users';
import { forgetWorldDb, getWorldDb } from '../world/world-instance';
import { sha256HexSync } from '@services/lib/sha256';
import { authOfTokenSync } from './lib/auth-context';
import { liveScopeOf } from './lib/scope';

const api = (path: string, init?: RequestInit) => fetch(new URL(`/api${path}`, location.href), init);
const post = (path: string, body: unknown, token?: string) =>
  api(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function signIn(email: string, password = 'demo1234') {
  const res = await post('/auth/login', { email, password });
  return (await res.json()) as { token: string; user: Record<string, unknown>; permissions: Record<string, number> };
}

describe('POST /auth/login', () => {
  test.each(DEMO_USERS.map((u) => [u.label, u] as const))('signs in the demo user %s', async (_label, demo) => {
    const res = await post('/auth/login', { email: demo.email, password: demo.password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: demo.email, role: demo.role });
    expect(body.permissions).toEqual(defaultPermissionsFor(demo.role));
  });

  test('scopes a service centre user to their dealer', async () => {
    const { user } = await signIn('da@voltline.demo');
    expect(user).toMatchObject({ role: 'DA', dealerId: 'dlr-0001', oemId: 'oem-01' });
  });

  test('scopes a driver to their driver record and fleet', async () => {
    const { user } = await signIn('dr@voltline.demo');
    expect(user).toMatchObject({ role: 'DR', driverId: 'drv-00001', fleetId: 'flt-0001' });
  });

  test('scopes an EV owner to their owner record', async () => {
    const { user } = await signIn('evo@voltline.demo');
    expect(user).toMatchObject({ role: 'EVO', evOwnerId: 'evo-000001' });
  });

  test('ignores the case of the email', async () => {
    const res = await post('/auth/login', { email: 'SA@Voltline.Demo', password: 'demo1234' });
    expect(res.status).toBe(200);
  });

  test('answers invalid_credentials for a wrong password', async () => {
    const res = await post('/auth/login', { email: 'sa@voltline.demo', password: 'wrong' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'The email or password is not correct.' });
  });

  test('answers invalid_credentials for an unknown email', async () => {
    const res = await post('/auth/login', { email: 'nobody@voltline.demo', password: 'demo1234' });
    expect((await res.json()).code).toBe('invalid_credentials');
  });

  test('answers validation_failed with field errors for empty fields', async () => {
    const res = await post('/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      // The services' messages (decision 0110, sign-in and sessions moved): an empty e-mail is not a valid one.
      fieldErrors: { email: 'Enter a valid email address.', password: 'Enter your password.' },
    });
  });
});

describe('GET /auth/me', () => {
  test('answers the user of the token with their permissions', async () => {
    const { token } = await signIn('bmsa@voltline.demo');
    const res = await api('/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ role: 'BMSA', email: 'bmsa@voltline.demo' });
    expect(body.permissions).toEqual(defaultPermissionsFor('BMSA'));
  });

  test('answers 401 without a token', async () => {
    const res = await api('/auth/me');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('unauthorized');
  });

  test('answers 401 for an unknown token', async () => {
    const res = await api('/auth/me', { headers: { Authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
  });

  test('keeps the session across a reload of the demo world', async () => {
    const { token } = await signIn('sa@voltline.demo');
    forgetWorldDb();
    const res = await api('/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  test('ends the session so the token stops working', async () => {
    const { token } = await signIn('fa@voltline.demo');
    const res = await post('/auth/logout', {}, token);
    expect(res.status).toBe(204);
    const after = await api('/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  test('answers 401 without a token', async () => {
    const res = await post('/auth/logout', {});
    expect(res.status).toBe(401);
  });
});

describe("sessions are the services' (decision 0110, sign-in and sessions moved)", () => {
  test('an expired session answers 401, on requests and on the live broker', async () => {
    const { token } = await signIn('fa@voltline.demo');
    const db = await getWorldDb();
    expect(authOfTokenSync(token, db)).not.toBeNull();
    // The world keeps only the token's SHA-256 (the services' `tokenHash`).
    const row = db.tables.sessions.all().find((s) => s.tokenHash === sha256HexSync(token));
    if (!row) throw new Error('no session row');
    expect(row.expiresAt - row.createdAt).toBe(12 * 60 * 60 * 1000);
    db.tables.sessions.update(row.id, { expiresAt: Date.now() - 1 });
    const res = await api('/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(authOfTokenSync(token, db)).toBeNull();
    expect(liveScopeOf(db, token)?.('veh-000001')).toBe(false);
  });
});
