import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { entryHash, GENESIS_HASH } from './audit-chain';
import type { AuditDeps } from './audit-reader';
import { auditScopeOf } from './audit-scope';

const CHUNK = 1000;

type Break = { seq: number; entryId: string | null; reason: 'hash_mismatch' | 'link_mismatch' | 'sequence_gap' };

/**
 * GET /audit/verify: walks the whole chain from its first entry, recomputing every hash and link, in chunks so a long
 * chain is never held at once. Names the broken entry only when the caller may see it.
 */
export async function verifyAuditChain(deps: AuditDeps, caller: Caller): Promise<Schemas['AuditChainCheck']> {
  requirePermission(caller, 'ah');
  const total = await deps.audit.count();
  let checked = 0;
  let prev = GENESIS_HASH;
  let broken: Break | null = null;
  let after = 0;
  walk: for (;;) {
    const entries = await deps.audit.chunk(after, CHUNK);
    for (const entry of entries) {
      const expectedSeq = checked + 1;
      if (entry.seq !== expectedSeq) {
        broken = { seq: expectedSeq, entryId: null, reason: 'sequence_gap' };
        break walk;
      }
      const { hash, ...rest } = entry;
      if (entry.prevHash !== prev) {
        broken = { seq: entry.seq, entryId: entry.id, reason: 'link_mismatch' };
        break walk;
      }
      if ((await entryHash(rest)) !== hash) {
        broken = { seq: entry.seq, entryId: entry.id, reason: 'hash_mismatch' };
        break walk;
      }
      prev = hash;
      checked += 1;
      after = entry.seq;
    }
    if (entries.length < CHUNK) break;
  }
  if (broken?.entryId && !(await deps.audit.visible(auditScopeOf(caller), broken.entryId))) {
    broken = { ...broken, entryId: null };
  }
  return { ok: broken === null, checked, total, broken };
}
