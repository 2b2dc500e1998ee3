import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Caller } from '../lib/caller';
import { sha256HexSync } from '../lib/sha256';
import { type AuditDraft, type AuditEntry, chainHistory, entryHash, GENESIS_HASH } from './audit-chain';
import { verifyAuditChain } from './verify-audit-chain';

const draft = (i: number): AuditDraft => ({
  id: `aud-test-${i}`,
  occurredAt: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
  userId: 'usr-sa',
  userName: 'Zoë Ångström (SA)',
  role: 'SA',
  ip: i % 2 ? null : '10.0.0.1',
  userAgent: null,
  entity: 'User',
  entityId: `usr-${i}`,
  action: 'Update',
  summary: `Updated user ${i} ✓`,
  changes: [{ field: 'status', before: 0, after: 1 }],
});

test('the synchronous SHA-256 is the digest Web Crypto and Node make', () => {
  for (const text of ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(1000), 'Zürich ✓ 🚗']) {
    expect(sha256HexSync(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  }
});

test('chainHistory numbers, links and hashes drafts as the chain does, and GET /audit/verify finds it valid', async () => {
  const chain = chainHistory([0, 1, 2, 3].map(draft));
  expect(chain.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  expect(chain[0]?.prevHash).toBe(GENESIS_HASH);
  for (const [i, entry] of chain.entries()) {
    const { hash, ...rest } = entry;
    expect(await entryHash(rest)).toBe(hash);
    if (i > 0) expect(entry.prevHash).toBe(chain[i - 1]?.hash);
  }
  const reader = (entries: AuditEntry[]) => ({
    list: async () => ({ items: entries, total: entries.length }),
    actors: async () => [],
    chunk: async (after: number, limit: number) => entries.filter((e) => e.seq > after).slice(0, limit),
    count: async () => entries.length,
    visible: async () => true,
  });
  const caller: Caller = {
    user: {
      id: 'usr-sa',
      name: 'SA',
      email: 'sa@voltline.demo',
      role: 'SA',
      oemId: null,
      dealerId: null,
      fleetId: null,
      evOwnerId: null,
      driverId: null,
    },
    roleType: 'platform',
    permissions: { ah: 1 },
    sessionId: 'ses-test',
    client: { ip: null, userAgent: null },
  };
  expect(await verifyAuditChain({ audit: reader(chain) }, caller)).toMatchObject({ ok: true, checked: 4 });
  const changed = chain.map((e) => (e.seq === 3 ? { ...e, summary: 'nothing' } : e));
  expect(await verifyAuditChain({ audit: reader(changed) }, caller)).toMatchObject({
    ok: false,
    broken: { seq: 3, reason: 'hash_mismatch' },
  });
});
