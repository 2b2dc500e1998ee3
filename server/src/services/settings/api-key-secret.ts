import { sha256Hex } from '../lib/web-crypto';

/** `bytes` random bytes as lower-case hex. */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A REST API key's secret (decision 0080): `vlk_` + 48 hex characters. */
export const newApiKeySecret = () => `vlk_${randomHex(24)}`;

/** What a key shows of its secret: the first 10 characters. */
export const apiKeyPrefix = (secret: string) => secret.slice(0, 10);

/** The only form of a key's secret that is kept: its SHA-256 (hex). */
export const apiKeySecretHash = (secret: string) => sha256Hex(secret);

/** True for a bearer token that is a REST API key, not a session. */
export const isApiKeySecret = (token: string) => token.startsWith('vlk_');

/** Read keys keep only the List and Export bits of their account's permissions (decision 0080). */
export const API_KEY_READ_BITS = 1 | 128;
