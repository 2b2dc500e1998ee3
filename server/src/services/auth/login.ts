import { AppError, FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import {
  type AuthDeps,
  FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  SESSION_TTL_MS,
} from './auth-store';
import { permissionsOfRole } from '../roles/role-permissions';
import { newSessionToken, tokenHash } from './session-token';
import { toAuthUser } from './to-auth-user';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginClient {
  ip: string | null;
  userAgent: string | null;
}

function tooManyAttempts(oldest: Date | null, now: Date): AppError {
  const waitMs = oldest === null ? FAILURE_WINDOW_MS : oldest.getTime() + FAILURE_WINDOW_MS - now.getTime();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'too_many_attempts',
    `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
}

/**
 * POST /auth/login. One answer (400 invalid_credentials) for an unknown email, a wrong password and a disabled
 * account, so accounts cannot be probed; after repeated failures for the account or the address, 429 with the wait,
 * even for the right password.
 */
export async function login(
  deps: AuthDeps,
  client: LoginClient,
  input: Schemas['LoginRequest'],
): Promise<Schemas['LoginResponse']> {
  const email = input.email.trim().toLowerCase();
  const errors = new FieldErrors();
  if (!EMAIL.test(email)) errors.add('email', 'Enter a valid email address.');
  if (input.password === '') errors.add('password', 'Enter your password.');
  errors.throwIfAny();

  const now = deps.now();
  const failures = await deps.auth.failuresSince(email, client.ip, new Date(now.getTime() - FAILURE_WINDOW_MS));
  if (failures.account.count >= MAX_FAILURES_PER_ACCOUNT) throw tooManyAttempts(failures.account.oldest, now);
  if (failures.address.count >= MAX_FAILURES_PER_ADDRESS) throw tooManyAttempts(failures.address.oldest, now);

  const account = await deps.auth.accountByEmail(email);
  const passwordOk = await deps.passwords.verify(account?.passwordHash ?? null, input.password);
  if (!account || !passwordOk || account.status !== 1) {
    await deps.auth.recordFailure(email, client.ip, now);
    throw new AppError('invalid_credentials', 'The email or password is not correct.');
  }

  const token = newSessionToken();
  const hash = await tokenHash(token);
  await deps.transact(async (tx) => {
    await tx.auth.createSession({
      id: `ses-${crypto.randomUUID()}`,
      userId: account.id,
      tokenHash: hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      userAgent: client.userAgent,
      ip: client.ip,
      revokedAt: null,
    });
    await tx.auth.markSignedIn(account.id, now);
    await tx.auth.clearFailures(email);
  });
  return {
    token,
    user: toAuthUser(account),
    permissions: permissionsOfRole(account.role, account.roleRow ?? undefined),
  };
}
