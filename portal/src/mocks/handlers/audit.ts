import { listAudit, listAuditActors } from '@services/audit/list-audit';
import { verifyAuditChain } from '@services/audit/verify-audit-chain';
import { answering } from '../adapter/answer';
import { worldAuditReader } from '../adapter/audit-store';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** The caller of a request and the audit services' reader over the demo world. */
async function auditCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: { audit: worldAuditReader(db) } };
}

/**
 * The audit chain every write of the demo world appends to, and its check: adapters over the services the server
 * calls (`server/src/services/audit`), so the demo lists, scopes and verifies the chain by the server's rules.
 */
export function createAuditHandlers(http: ApiHttp) {
  return [
    http.get('/audit', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await auditCall(request);
        return response(200).json(await listAudit(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),
    http.get('/audit/actors', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await auditCall(request);
        return response(200).json(await listAuditActors(deps, caller));
      }),
    ),
    http.get('/audit/verify', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await auditCall(request);
        return response(200).json(await verifyAuditChain(deps, caller));
      }),
    ),
  ];
}
