import { COMPONENT_KINDS, GRANTEE_TYPE_OF_ROLE } from '@/domain/access-grants';
import { ACTION } from '@/domain/permissions';
import { isRoleCode } from '@/domain/roles';
import { ownerScopeOf } from '../device-groups/owner-scope';
import { invalidQuery } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import type { AccessGrantDeps, GrantChoice } from './grant-store';
import { MODEL_KIND, oemLimit } from './grant-rules';

const MAX = 50;

/**
 * GET /access-grants/candidates: what the grant form may pick, in the caller's scope, at most 50 matching `q`: vehicles
 * and models of the caller's OEM (every one for platform staff), the OEM itself, and grantees for a role: OEMs for
 * platform staff only, organisations in the owner scope (`ownerScopeOf`), active accounts holding a component admin role.
 */
export async function listAccessGrantCandidates(
  deps: AccessGrantDeps,
  caller: Caller,
  input: { type?: string; roleCode?: string; kind?: string; oemId?: string; q?: string },
): Promise<GrantChoice[]> {
  requirePermission(caller, { anyOf: ['ac.l', 'oem.l'] }, ACTION.ADD);
  const q = (input.q ?? '').trim();
  const limit = oemLimit(caller);
  const store = deps.grants;
  switch (input.type) {
    case 'vehicle':
      return store.vehicleChoices(limit, q, MAX);
    case 'model': {
      const kind = COMPONENT_KINDS.find((k) => k === input.kind);
      return store.modelChoices(limit, kind ? MODEL_KIND[kind] : null, q, MAX);
    }
    case 'oem':
      return store.oemChoices(limit, q, MAX);
    case 'grantee': {
      const role = input.roleCode;
      const granteeType = isRoleCode(role) ? GRANTEE_TYPE_OF_ROLE[role] : undefined;
      if (!isRoleCode(role) || !granteeType) return [];
      if (granteeType === 'user') return store.accountChoices(role, q, MAX);
      if (granteeType === 'oem') return caller.roleType === 'platform' ? store.oemChoices(null, q, MAX) : [];
      return store.ownerChoices(granteeType, ownerScopeOf(caller), input.oemId || null, q, MAX);
    }
    default:
      throw invalidQuery('type is one of grantee, vehicle, model, oem.');
  }
}
