import type { Caller } from '../lib/caller';
import type { AuditScope } from './audit-reader';

/**
 * Platform staff see every entry; an OEM the entries of its own staff. The audit key is granted to no narrower role;
 * should a custom role get it, its holder sees only their own entries.
 */
export function auditScopeOf(caller: Caller): AuditScope {
  if (caller.roleType === 'platform') return { kind: 'all' };
  if (caller.roleType === 'oem') return { kind: 'oemStaff', oemId: caller.user.oemId };
  return { kind: 'own', userId: caller.user.id };
}
