/**
 * Hashing and random tokens through Web Crypto (`globalThis.crypto`), which Node 20 and browsers both have, so the
 * services run unchanged in the browser demo.
 */
/**
 * Node's own hashing where there is one (`process.getBuiltinModule`, Node 20.16+), found at run time so that the
 * browser's bundle imports nothing of Node's. Web Crypto's digest is a job on another thread: on the server it cost a
 * tenth of a request's time for the one token hash each request makes (decision 0122). The same digest either way.
 */
type NodeHash = { createHash(algorithm: 'sha256'): { update(text: string): { digest(encoding: 'hex'): string } } };
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeHash | undefined;

export async function sha256Hex(text: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(text).digest('hex');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `bytes` random bytes as base64url (no padding). */
export function randomToken(bytes = 32): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  let text = '';
  for (const byte of data) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
