import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { emailConflict, readContact } from '../users/user-fields';
import type { UserAccount } from '../users/user-types';
import { requirePerson } from '../settings/settings-scope';
import { ownAccount } from './get-profile';
import { PROFILE_AUDIT_ENTITY, type ProfileDeps } from './profile-store';

/**
 * PATCH /profile: name, e-mail and phone of the caller's own account (user management's field rules), never its role
 * or status; needs `mp` with Update. A taken e-mail is a 409 with `fieldErrors.email`. Audit entity Profile.
 */
export async function updateProfile(
  deps: ProfileDeps,
  caller: Caller,
  input: { patch: Schemas['ProfilePatch'] },
): Promise<UserAccount> {
  requirePermission(caller, 'mp', ACTION.UPDATE);
  requirePerson(caller);
  const body = (input.patch ?? {}) as unknown as Record<string, unknown>;
  const errors = new FieldErrors();
  const contact = readContact(errors, body, true);
  errors.throwIfAny();
  const current = await ownAccount(deps.users, caller);
  if (contact.email && (await deps.users.emailTaken(contact.email, current.id))) throw emailConflict();
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.users.update(current.id, contact);
    const after = (await tx.users.get(current.id)) as UserAccount;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: PROFILE_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `${after.name} updated their profile`,
        changes: diffFields(current, after),
      },
      now,
    );
    return after;
  });
}
