import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  server.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

test('a demo account signs in and gets a token, its user and its permissions', async () => {
  const response = await login('OEMA@voltline.demo', 'demo1234');
  expectContract('post', '/auth/login', response);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.token).toMatch(/^vl_[A-Za-z0-9_-]{43}$/);
  expect(body.user).toMatchObject({ email: 'oema@voltline.demo', role: 'OEMA', oemId: 'oem-01' });
  expect(body.permissions['vh.l']).toBeGreaterThan(0);
});

test('the token is stored hashed, never as sent', async () => {
  const { token } = (await login('fa@voltline.demo', 'demo1234')).json();
  const rows = await server.database.db.selectFrom('sessions').select('token_hash').execute();
  expect(rows.some((row) => row.token_hash === token)).toBe(false);
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
});

test('a wrong password answers 400 invalid_credentials, as an unknown email does', async () => {
  const wrong = await login('da@voltline.demo', 'not-the-password', '10.0.0.2');
  expectContract('post', '/auth/login', wrong);
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toEqual({ code: 'invalid_credentials', message: 'The email or password is not correct.' });
  const unknown = await login('nobody@voltline.demo', 'demo1234', '10.0.0.2');
  expect(unknown.json()).toEqual(wrong.json());
});

test('a malformed sign-in answers 400 validation_failed with the field', async () => {
  const response = await server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'sa@voltline.demo' },
  });
  expectContract('post', '/auth/login', response);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { password: expect.any(String) } });
});

test('five failures for an account answer 429 with the wait, even with the right password then', async () => {
  for (let i = 0; i < 5; i += 1) {
    expect((await login('dr@voltline.demo', `wrong-${i}`, `10.1.0.${i}`)).statusCode).toBe(400);
  }
  const locked = await login('dr@voltline.demo', 'demo1234', '10.1.0.9');
  expectContract('post', '/auth/login', locked);
  expect(locked.statusCode).toBe(429);
  expect(locked.json()).toMatchObject({ code: 'too_many_attempts' });
  const wait = Number(locked.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(15 * 60);
});

test('twenty failures from one address answer 429 for any account from there', async () => {
  for (let i = 0; i < 20; i += 1) {
    expect((await login(`probe${i}@voltline.demo`, 'guess', '10.2.0.1')).statusCode).toBe(400);
  }
  expect((await login('evo@voltline.demo', 'demo1234', '10.2.0.1')).statusCode).toBe(429);
  expect((await login('evo@voltline.demo', 'demo1234', '10.2.0.2')).statusCode).toBe(200);
});

test('GET /auth/me answers the signed-in user; without a token 401', async () => {
  const token = await server.tokenOf('DA');
  const me = await server.call({ method: 'GET', url: '/api/auth/me', token });
  expectContract('get', '/auth/me', me);
  expect(me.json().user).toMatchObject({ role: 'DA', email: 'da@voltline.demo' });
  const anonymous = await server.call({ method: 'GET', url: '/api/auth/me' });
  expectContract('get', '/auth/me', anonymous);
  expect(anonymous.statusCode).toBe(401);
  expect((await server.call({ method: 'GET', url: '/api/auth/me', token: 'vl_forged' })).statusCode).toBe(401);
});

test('logout revokes the token: the next call with it answers 401', async () => {
  const { token } = (await login('se@voltline.demo', 'demo1234')).json();
  const out = await server.call({ method: 'POST', url: '/api/auth/logout', token });
  expectContract('post', '/auth/logout', out);
  expect(out.statusCode).toBe(204);
  expect((await server.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
});

test('sessions: listed newest first with the current one marked; signing out the others ends only them', async () => {
  const first = (await login('oeme@voltline.demo', 'demo1234')).json().token;
  const second = (await login('oeme@voltline.demo', 'demo1234')).json().token;
  const list = await server.call({ method: 'GET', url: '/api/profile/sessions', token: second });
  expectContract('get', '/profile/sessions', list);
  const sessions = list.json() as { id: string; current: boolean }[];
  expect(sessions.length).toBeGreaterThanOrEqual(2);
  expect(sessions[0]?.current).toBe(true);
  expect(sessions.filter((s) => s.current)).toHaveLength(1);

  const ended = await server.call({ method: 'POST', url: '/api/profile/sessions/sign-out-others', token: second });
  expectContract('post', '/profile/sessions/sign-out-others', ended);
  expect(ended.json().ended).toBe(sessions.length - 1);
  expect((await server.call({ method: 'GET', url: '/api/auth/me', token: first })).statusCode).toBe(401);
  expect((await server.call({ method: 'GET', url: '/api/auth/me', token: second })).statusCode).toBe(200);
  const audit = await server.database.db.selectFrom('audit').selectAll().where('entity', '=', 'Profile').execute();
  expect(audit.some((entry) => entry.summary.includes('signed out'))).toBe(true);
});

test('ending the current session by id answers 409; another of the caller 204; unknown 404', async () => {
  await login('fe@voltline.demo', 'demo1234');
  const token = (await login('fe@voltline.demo', 'demo1234')).json().token;
  const sessions = (await server.call({ method: 'GET', url: '/api/profile/sessions', token })).json() as {
    id: string;
    current: boolean;
  }[];
  const current = sessions.find((s) => s.current);
  const other = sessions.find((s) => !s.current);
  const own = await server.call({ method: 'DELETE', url: `/api/profile/sessions/${current?.id}`, token });
  expectContract('delete', '/profile/sessions/{id}', own);
  expect(own.statusCode).toBe(409);
  const ended = await server.call({ method: 'DELETE', url: `/api/profile/sessions/${other?.id}`, token });
  expect(ended.statusCode).toBe(204);
  const missing = await server.call({ method: 'DELETE', url: '/api/profile/sessions/ses-nope', token });
  expectContract('delete', '/profile/sessions/{id}', missing);
  expect(missing.statusCode).toBe(404);
});
