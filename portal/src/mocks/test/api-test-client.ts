import type { RoleCode } from '@/domain/roles';
import { DEMO_PASSWORD, demoEmailFor } from '../world/demo-users';

/** Raw HTTP against the demo handlers (msw/node), for handler tests that check status codes and bodies exactly. */
// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by the tests' assertions
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

// biome-ignore lint/suspicious/noExplicitAny: see ApiAnswer
export async function call<T = any>(
  method: string,
  path: string,
  options: { token?: string | undefined; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(new URL(`/api${path}`, location.href), {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Signs in the demo world's account of a role code and returns its bearer token. */
export async function signIn(role: RoleCode): Promise<string> {
  const res = await call('POST', '/auth/login', { body: { email: demoEmailFor(role), password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in of ${role} failed: ${res.status}`);
  return res.body.token as string;
}
