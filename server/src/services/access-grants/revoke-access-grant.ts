import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { conflict, forbidden, notFound } from '../lib/app-error';
import { allows, type Caller, requirePermission } from '../lib/caller';
import type { AccessGrantDeps } from './grant-store';
import { keyOf, manages, toApiGrant } from './grant-rules';
import { ACCESS_GRANT_AUDIT_ENTITY, type AccessGrant } from './grant-types';

/**
 * POST /access-grants/{id}/revoke: ends a grant now; needs Delete on its key. A grant the caller does not manage is a
 * 404 (a 403 without the key at all); revoking twice is a 409. The grant stays, revoked. Audit entity Access, Unassign.
 */
export async function revokeAccessGrant(
  deps: AccessGrantDeps,
  caller: Caller,
  input: { id: string },
): Promise<AccessGrant> {
  const grant = await deps.grants.get(input.id);
  if (!grant || !manages(caller, grant)) {
    if (grant && !allows(caller, keyOf(grant.target))) throw forbidden();
    if (!grant && !allows(caller, { anyOf: ['ac.l', 'oem.l'] })) throw forbidden();
    throw notFound('Access grant');
  }
  requirePermission(caller, keyOf(grant.target), ACTION.DELETE);
  const now = deps.now();
  return deps.transact(async (tx) => {
    const current = await tx.grants.get(grant.id);
    if (!current) throw notFound('Access grant');
    if (current.revokedAt !== null) throw conflict('This grant was already revoked.');
    const at = now.toISOString();
    await tx.grants.revoke(grant.id, at, caller.user.name);
    const view = toApiGrant({ ...current, revokedAt: at, revokedBy: caller.user.name }, now);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ACCESS_GRANT_AUDIT_ENTITY,
        entityId: grant.id,
        action: 'Unassign',
        summary: `Revoked ${view.granteeName}'s access to ${view.targetName}`,
        changes: [{ field: 'revokedAt', before: null, after: at }],
      },
      now,
    );
    return view;
  });
}
