import type { ListQuery } from '../lib/list-query';
import type { AuditEntry } from './audit-chain';
import type { AuditFilterField, AuditSortField } from './audit-list-spec';

/** Which entries a caller sees: all, those of one OEM's staff, or one person's own. */
export type AuditScope = { kind: 'all' } | { kind: 'oemStaff'; oemId: string | null } | { kind: 'own'; userId: string };

/** Reading the chain: pages of what a caller sees, and the whole chain in order for the check. */
export interface AuditReader {
  list(
    scope: AuditScope,
    query: ListQuery<AuditSortField, AuditFilterField>,
  ): Promise<{ items: AuditEntry[]; total: number }>;
  actors(scope: AuditScope): Promise<{ userId: string; userName: string; role: string }[]>;
  /** Up to `limit` entries after `afterSeq`, in chain order. */
  chunk(afterSeq: number, limit: number): Promise<AuditEntry[]>;
  count(): Promise<number>;
  visible(scope: AuditScope, id: string): Promise<boolean>;
}

export interface AuditDeps {
  audit: AuditReader;
}
