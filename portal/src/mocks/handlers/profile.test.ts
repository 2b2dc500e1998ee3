import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, demoEmailFor } from '../world/demo-users';
import { call, signIn } from '../test/api-test-client';

describe('profile', () => {
  test('401 without a token; every role reads its own account', async () => {
    expect((await call('GET', '/profile')).status).toBe(401);
    const dr = await call('GET', '/profile', { token: await signIn('DR') });
    expect(dr.status).toBe(200);
    expect(dr.body).toMatchObject({ email: 'dr@voltline.demo', role: 'DR' });
  });

  test('edits own details with field errors; a taken e-mail is a 409; role and status cannot be sent', async () => {
    const fa = await signIn('FA');
    const bad = await call('PATCH', '/profile', { token: fa, body: { name: '', phone: '12' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['name', 'phone']);
    const taken = await call('PATCH', '/profile', { token: fa, body: { email: 'SA@voltline.demo' } });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors.email).toBeDefined();
    const ok = await call('PATCH', '/profile', {
      token: fa,
      body: { name: 'Farah Admin', phone: '+44 20 7946 0000', role: 'SA' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Farah Admin', phone: '+44 20 7946 0000', role: 'FA' });
  });

  test('change password: current must match, strength rule, other sessions end', async () => {
    const first = await signIn('OEMA');
    const other = await signIn('OEMA');
    const weak = await call('POST', '/profile/password', {
      token: first,
      body: { currentPassword: 'wrong', newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors.currentPassword).toBe('This is not your current password.');
    expect(weak.body.fieldErrors.newPassword).toMatch(/^Use at least 10 characters/);
    const emailName = await call('POST', '/profile/password', {
      token: first,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Oema-Voltline-2026' },
    });
    expect(emailName.body.fieldErrors.newPassword).toBe('Do not use your e-mail name.');
    const ok = await call('POST', '/profile/password', {
      token: first,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Correct-Horse-42' },
    });
    expect(ok.status).toBe(204);
    expect((await call('GET', '/profile', { token: other })).status).toBe(401);
    expect((await call('GET', '/profile', { token: first })).status).toBe(200);
    const login = await call('POST', '/auth/login', {
      body: { email: demoEmailFor('OEMA'), password: 'Correct-Horse-42' },
    });
    expect(login.status).toBe(200);
  });

  test('lists sessions without tokens, ends one, signs out the others, keeps the current', async () => {
    const a = await signIn('OEMA');
    const b = await signIn('OEMA');
    const c = await signIn('OEMA');
    const list = await call('GET', '/profile/sessions', { token: a });
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const token of [a, b, c]) expect(JSON.stringify(list.body)).not.toContain(token);
    const current = list.body.find((s: { current: boolean }) => s.current);
    expect((await call('DELETE', `/profile/sessions/${current.id}`, { token: a })).status).toBe(409);
    const notCurrent = list.body.find((s: { current: boolean }) => !s.current);
    expect((await call('DELETE', `/profile/sessions/${notCurrent.id}`, { token: a })).status).toBe(204);
    const out = await call('POST', '/profile/sessions/sign-out-others', { token: a });
    expect(out.body.ended).toBe(1);
    expect((await call('GET', '/profile', { token: b })).status).toBe(401);
    expect((await call('GET', '/profile', { token: c })).status).toBe(401);
    expect((await call('GET', '/profile/sessions', { token: a })).body).toHaveLength(1);
  });
});
