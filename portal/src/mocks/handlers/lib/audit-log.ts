import { type AuditAction, type AuditEntry, appendAudit, diffFields } from '@services/audit/audit-chain';
import { callerOf } from '../../adapter/caller';
import { worldAuditStore } from '../../adapter/audit-store';
import { withWorldLock } from '../../adapter/world-transaction';
import type { RowWrite, WorldDb } from '../../world/db';
import type { AuthContext } from './auth-context';

/**
 * Appends one entry to the audit chain for a handler whose resource has not moved to the services yet (the caller
 * persists with the change it describes). The entry is made by the services' `appendAudit`, the one chain and hash
 * of the server; the before/after diff (the services' `diffFields`) is taken from the world's write journal: the
 * writes to row `entityId` since the previous entry.
 */
export function recordAudit(
  db: WorldDb,
  ctx: AuthContext,
  entity: string,
  entityId: string,
  action: AuditAction,
  summary: string,
): Promise<AuditEntry> {
  const write: RowWrite | undefined = db.journal.get(entityId);
  db.journal.clear();
  const fact = { entity, entityId, action, summary, changes: write ? diffFields(write.before, write.after) : [] };
  const now = new Date();
  return withWorldLock(db, () => appendAudit(worldAuditStore(db), callerOf(ctx), fact, now));
}
