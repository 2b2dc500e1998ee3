import { expect, test } from 'vitest';
import { hashPassword, scryptHasher, verifyPassword } from './passwords';

test('a hash verifies its password and no other; two hashes of one password differ (salted)', async () => {
  const hash = await hashPassword('demo1234');
  expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  expect(await verifyPassword(hash, 'demo1234')).toBe(true);
  expect(await verifyPassword(hash, 'demo12345')).toBe(false);
  expect(await hashPassword('demo1234')).not.toBe(hash);
});

test('a missing account verifies nothing, and a malformed hash is false rather than an error', async () => {
  expect(await scryptHasher.verify(null, 'anything')).toBe(false);
  expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
});
