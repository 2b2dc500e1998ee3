import type { ServiceDeps } from '../../deps';
import { listAudit, listAuditActors } from '../../services/audit/list-audit';
import { verifyAuditChain } from '../../services/audit/verify-audit-chain';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** The audit log: pages, actors, and the chain check. */
export function auditRoutes(deps: ServiceDeps): OperationHandlers {
  return {
    listAudit: async (request) => listAudit(deps.audit, callerOf(request), request.query as ListParams),
    listAuditActors: async (request) => listAuditActors(deps.audit, callerOf(request)),
    verifyAuditChain: async (request) => verifyAuditChain(deps.audit, callerOf(request)),
  };
}
