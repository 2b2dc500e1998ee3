import { ROLE_LABELS } from '@/domain/roles';
import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, validationFailed } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import type { AccessGrantDeps } from './grant-store';
import { readGrant, statusAt, toApiGrant } from './grant-rules';
import { ACCESS_GRANT_AUDIT_ENTITY, type AccessGrant } from './grant-types';

/**
 * POST /access-grants: a grant of a role on a target to a grantee in the caller's scope (decision 0079). A grantee who
 * already holds an active grant on the same target is a 409 (revoke it first). Audit entity Access, action Assign.
 */
export async function createAccessGrant(deps: AccessGrantDeps, caller: Caller, input: unknown): Promise<AccessGrant> {
  requirePermission(caller, { anyOf: ['ac.l', 'oem.l'] }, ACTION.ADD);
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw validationFailed({ body: 'Send the grant as a JSON object.' });
  const now = deps.now();
  const grant = await readGrant(deps.grants, caller, input as Record<string, unknown>, now);
  return deps.transact(async (tx) => {
    const held = await tx.grants.sameTargetAndGrantee(grant);
    if (held.some((g) => statusAt(g, now) === 'active'))
      throw conflict('This grantee already holds an active grant on this target.', {
        granteeId: 'Already has active access here; revoke that grant first to change it.',
      });
    await tx.grants.insert(grant);
    const named = await tx.grants.get(grant.id);
    const view = toApiGrant(named ?? { ...grant, targetParts: null, granteeParts: null }, now);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: ACCESS_GRANT_AUDIT_ENTITY,
        entityId: grant.id,
        action: 'Assign',
        summary: `Granted ${view.granteeName} ${ROLE_LABELS[grant.roleCode]} on ${view.targetName}`,
        changes: diffFields(null, grant),
      },
      now,
    );
    return view;
  });
}
