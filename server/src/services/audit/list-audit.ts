import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { AUDIT_LIST } from './audit-list-spec';
import type { AuditDeps } from './audit-reader';
import { auditScopeOf } from './audit-scope';

/** GET /audit: one page of the entries the caller sees (needs `ah`). */
export async function listAudit(deps: AuditDeps, caller: Caller, input: ListParams): Promise<Schemas['AuditPage']> {
  requirePermission(caller, 'ah');
  const query = parseListQuery(input, AUDIT_LIST);
  const { items, total } = await deps.audit.list(auditScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** GET /audit/actors: the people behind the entries the caller sees, by name. */
export async function listAuditActors(deps: AuditDeps, caller: Caller): Promise<Schemas['AuditActor'][]> {
  requirePermission(caller, 'ah');
  return deps.audit.actors(auditScopeOf(caller));
}
