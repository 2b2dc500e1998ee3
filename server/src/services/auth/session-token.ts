import { randomToken, sha256Hex } from '../lib/web-crypto';

/** Bearer tokens start with `vl_`: 32 random bytes. Only their SHA-256 is stored. */
export function newSessionToken(): string {
  return `vl_${randomToken(32)}`;
}

export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
