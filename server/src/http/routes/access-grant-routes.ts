import type { ServiceDeps } from '../../deps';
import { createAccessGrant } from '../../services/access-grants/create-access-grant';
import { listAccessGrantCandidates } from '../../services/access-grants/list-grant-candidates';
import { listAccessGrants } from '../../services/access-grants/list-access-grants';
import { revokeAccessGrant } from '../../services/access-grants/revoke-access-grant';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** Access grants and OEM access: list, the form's candidates, grant, revoke. */
export function accessGrantRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.accessGrants;
  return {
    listAccessGrants: async (request) => listAccessGrants(d, callerOf(request), request.query as ListParams),
    listAccessGrantCandidates: async (request) =>
      listAccessGrantCandidates(d, callerOf(request), request.query as Record<string, string | undefined>),
    createAccessGrant: async (request, reply) =>
      reply.code(201).send(await createAccessGrant(d, callerOf(request), request.body)),
    revokeAccessGrant: async (request) =>
      revokeAccessGrant(d, callerOf(request), { id: (request.params as { id: string }).id }),
  };
}
