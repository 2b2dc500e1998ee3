import type { components } from '@/shared/api/schema';
import type { WorldDb } from '../../world/db';
import type { AuthContext } from './auth-context';

type AuditAction = components['schemas']['AuditEntry']['action'];

/** Appends one entry to the audit table (the caller persists with the change it describes). */
export function recordAudit(
  db: WorldDb,
  ctx: AuthContext,
  entity: string,
  entityId: string,
  action: AuditAction,
  summary: string,
): void {
  db.tables.audit.insert({
    id: `aud-${crypto.randomUUID()}`,
    occurredAt: Date.now(),
    userId: ctx.user.id,
    userName: ctx.user.name,
    entity,
    entityId,
    action,
    summary,
  });
}
