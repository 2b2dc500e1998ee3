import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors, validationFailed } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { organisationOr404 } from './get-organisation';
import { checkUnique, readOrganisationFields } from './organisation-fields';
import type { OrganisationDeps } from './organisation-store';
import { ORG_KIND_INFO, type OrgKind, type OrgOf } from './organisation-types';

/**
 * PATCH /dealers/{id}, /fleets/{id}, /ev-owners/{id}, /drivers/{id}: the fields sent, checked as on a create. Needs
 * Update on the kind's key and the organisation in the caller's scope (else 404); 409 for a unique value in use.
 */
export async function updateOrganisation<K extends OrgKind>(
  deps: OrganisationDeps,
  caller: Caller,
  kind: K,
  input: { id: string; patch: object },
): Promise<OrgOf[K]> {
  const info = ORG_KIND_INFO[kind];
  const current = await organisationOr404(deps.organisations, caller, kind, input.id, ACTION.UPDATE);
  const errors = new FieldErrors();
  const fields = readOrganisationFields(kind, errors, input.patch as Record<string, unknown>, true);
  errors.throwIfAny();
  await checkUnique(deps.organisations, kind, fields, current.id);
  const now = deps.now();
  const after = { ...current, ...fields } as OrgOf[K];
  return deps.transact(async (tx) => {
    await tx.organisations.update(kind, current.id, fields as Partial<OrgOf[K]>);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: info.entity,
        entityId: current.id,
        action: 'Update',
        summary: `Updated ${info.noun.toLowerCase()} ${after.name}`,
        changes: diffFields(current, after),
      },
      now,
    );
    return (await tx.organisations.get(kind, current.id, null)) as OrgOf[K];
  });
}

/**
 * POST /dealers/{id}/status etc.: 1 activates, 0 deactivates (an inactive organisation gets no vehicles assigned; its
 * accounts and vehicles are left as they are). Needs Change Status on the kind's key.
 */
export async function changeOrganisationStatus<K extends OrgKind>(
  deps: OrganisationDeps,
  caller: Caller,
  kind: K,
  input: { id: string; body: object },
): Promise<OrgOf[K]> {
  const info = ORG_KIND_INFO[kind];
  const current = await organisationOr404(deps.organisations, caller, kind, input.id, ACTION.CHANGE_STATUS);
  const status: unknown = (input.body as { status?: unknown }).status;
  if (status !== 0 && status !== 1) throw validationFailed({ status: 'Send 1 (active) or 0 (inactive).' });
  const now = deps.now();
  const after = { ...current, status } as OrgOf[K];
  return deps.transact(async (tx) => {
    await tx.organisations.update(kind, current.id, { status } as Partial<OrgOf[K]>);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: info.entity,
        entityId: current.id,
        action: 'Change Status',
        summary: `${status === 1 ? 'Activated' : 'Deactivated'} ${info.noun.toLowerCase()} ${current.name}`,
        changes: diffFields(current, after),
      },
      now,
    );
    return (await tx.organisations.get(kind, current.id, null)) as OrgOf[K];
  });
}
