import {
  assignableRolesFor,
  COMPONENT_KINDS,
  type ComponentKind,
  GRANT_TARGETS,
  GRANTEE_TYPE_OF_ROLE,
  type GranteeType,
  type GrantTarget,
  grantStatus,
} from '@/domain/access-grants';
import { ACTION, type PermissionKey } from '@/domain/permissions';
import { isRoleCode, ROLE_LABELS, type RoleCode } from '@/domain/roles';
import { FieldErrors } from '../lib/app-error';
import { allows, type Caller, requirePermission } from '../lib/caller';
import { ownerInScope, ownerScopeOf } from '../device-groups/owner-scope';
import type { AccessGrantStore } from './grant-store';
import type { AccessGrant, AccessGrantRecord, NamedGrantRecord } from './grant-types';

const DEVICE_KIND_NAMES: Record<ComponentKind, string> = {
  ev: 'All EVs',
  bms: 'All BMS devices',
  mcu: 'All MCU devices',
  vcu: 'All VCU devices',
};
/** The model kind of each component kind. */
export const MODEL_KIND: Record<ComponentKind, string> = { ev: 'EV', bms: 'BMS', mcu: 'MCU', vcu: 'VCU' };

/** The permission key a grant's target is managed under: OEM access has its own page and key. */
export const keyOf = (target: GrantTarget): PermissionKey => (target === 'oem' ? 'oem.l' : 'ac.l');

/** The caller's OEM when their grants are limited to it; null for platform staff (every grant). */
export function oemLimit(caller: Caller): string | null {
  return caller.roleType === 'platform' ? null : (caller.user.oemId ?? '(none)');
}

/** True when the caller manages the grant: `action` on its key and, below platform staff, their own OEM's. */
export function manages(caller: Caller, grant: AccessGrantRecord, action: number = ACTION.LIST): boolean {
  if (!allows(caller, keyOf(grant.target), action)) return false;
  const limit = oemLimit(caller);
  return limit === null || grant.oemId === limit;
}

/** A grant's status at `now` (revoked wins over expired): a pure function of its times. */
export function statusAt(grant: Pick<AccessGrantRecord, 'expiresAt' | 'revokedAt'>, now: Date): AccessGrant['status'] {
  const ms = (at: string | null) => (at === null ? null : Date.parse(at));
  return grantStatus({ expiresAt: ms(grant.expiresAt), revokedAt: ms(grant.revokedAt) }, now.getTime());
}

/** A grant as the API shows it: names and its status at `now`. */
export function toApiGrant(grant: NamedGrantRecord, now: Date): AccessGrant {
  const { targetParts: target, granteeParts: grantee, ...row } = grant;
  let targetName = row.targetId ?? '—';
  if (row.target === 'deviceKind') targetName = DEVICE_KIND_NAMES[row.kind];
  else if (target && row.target === 'oem') targetName = `${target.name} fleet`;
  else if (target) targetName = `${target.name} (${target.detail})`;
  const granteeName = grantee
    ? grantee.email === null
      ? grantee.name
      : `${grantee.name} <${grantee.email}>`
    : row.granteeId;
  return { ...row, targetName, granteeName, roleName: ROLE_LABELS[row.roleCode], status: statusAt(row, now) };
}

/** The grantee's name if the caller may grant to it for the role (and, for OEM access, under the granted OEM). */
export async function granteeFor(
  store: AccessGrantStore,
  caller: Caller,
  type: GranteeType,
  role: RoleCode,
  id: string,
  oemId: string | null,
): Promise<string | undefined> {
  if (type === 'oem') return caller.roleType === 'platform' ? (await store.oem(id))?.name : undefined;
  if (type === 'user') {
    const account = await store.account(id);
    return account && account.status === 1 && account.role === role ? account.name : undefined;
  }
  const owner = await store.owner(type, id);
  if (!owner || !ownerInScope(ownerScopeOf(caller), owner)) return undefined;
  // OEM access joins a manufacturer with its own service centres and fleets.
  if (oemId !== null && (type === 'dealer' || type === 'fleet') && owner.oemId !== oemId) return undefined;
  return owner.name;
}

/** A device-kind grant hands its holder that kind's admin permissions (decision 0089): there is no EV admin. */
const DEVICE_KIND_ONLY = 'Choose BMS, MCU or VCU: a device-kind grant opens one kind of device.';

/**
 * A new grant from the form's body, or the contract's 400 with every field's error; a 403 without Add on the key of
 * its target. Targets and grantees outside the caller's scope are refused as not to be chosen (never named).
 */
export async function readGrant(
  store: AccessGrantStore,
  caller: Caller,
  body: Record<string, unknown>,
  now: Date,
): Promise<AccessGrantRecord> {
  const errors = new FieldErrors();
  const target = GRANT_TARGETS.find((t) => t === body.target);
  if (!target) errors.add('target', 'Choose what the grant opens: a vehicle, a model, a device kind or an OEM fleet.');
  const kind = COMPONENT_KINDS.find((k) => k === body.kind);
  if (!kind) errors.add('kind', 'Choose the component kind: EV, BMS, MCU or VCU.');
  else if (target === 'deviceKind' && kind === 'ev') errors.add('kind', DEVICE_KIND_ONLY);
  if (target) requirePermission(caller, keyOf(target), ACTION.ADD);
  const limit = oemLimit(caller);

  let targetId: string | null = null;
  let oemId: string | null = null;
  if (target && kind) {
    const id = typeof body.targetId === 'string' ? body.targetId : '';
    if (target === 'vehicle') {
      const v = id ? await store.vehicle(id) : undefined;
      if (!v || (limit !== null && v.oemId !== limit)) errors.add('targetId', 'Choose one of your vehicles.');
      else [targetId, oemId] = [v.id, v.oemId];
    } else if (target === 'model') {
      const m = id ? await store.model(id) : undefined;
      if (!m || (limit !== null && m.oemId !== limit)) errors.add('targetId', 'Choose one of your models.');
      else if (m.kind !== MODEL_KIND[kind]) errors.add('targetId', `Choose a ${MODEL_KIND[kind]} model.`);
      else [targetId, oemId] = [m.id, m.oemId];
    } else if (target === 'oem') {
      const o = id ? await store.oem(id) : undefined;
      if (!o || (limit !== null && o.id !== limit)) errors.add('targetId', 'Choose the OEM.');
      else [targetId, oemId] = [o.id, o.id];
    } else if (limit !== null) {
      errors.add('target', 'Only platform staff grant access to a whole device kind.');
    }
  }

  const roleCode = isRoleCode(body.roleCode) ? body.roleCode : undefined;
  const allowed = target && kind ? assignableRolesFor(target, kind) : [];
  if (!roleCode || !allowed.includes(roleCode))
    errors.add(
      'roleCode',
      allowed.length > 0
        ? `Choose one of: ${allowed.map((r) => ROLE_LABELS[r]).join(', ')}.`
        : 'Choose the role of the grant.',
    );
  const granteeType = roleCode ? GRANTEE_TYPE_OF_ROLE[roleCode] : undefined;
  const granteeId = typeof body.granteeId === 'string' ? body.granteeId : '';
  if (roleCode && granteeType && allowed.includes(roleCode)) {
    const oemOfAccess = target === 'oem' ? oemId : null;
    if (!granteeId || !(await granteeFor(store, caller, granteeType, roleCode, granteeId, oemOfAccess)))
      errors.add('granteeId', `Choose the ${granteeType === 'user' ? 'account' : 'organisation'} that gets access.`);
  }

  let expiresAt: string | null = null;
  if (body.expiresAt !== undefined && body.expiresAt !== null && body.expiresAt !== '') {
    const at = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : Number.NaN;
    if (Number.isNaN(at)) errors.add('expiresAt', 'Enter a valid date.');
    else if (at <= now.getTime()) errors.add('expiresAt', 'Choose an expiry in the future, or none.');
    else expiresAt = new Date(at).toISOString();
  }
  let note: string | null = null;
  if (body.note !== undefined && body.note !== null && typeof body.note !== 'string')
    errors.add('note', 'Enter the note as text.');
  else if (typeof body.note === 'string' && body.note.trim()) {
    if (body.note.trim().length > 200) errors.add('note', 'Use at most 200 characters.');
    else note = body.note.trim();
  }
  errors.throwIfAny();
  return {
    id: `acg-${crypto.randomUUID()}`,
    kind: kind as ComponentKind,
    target: target as GrantTarget,
    targetId,
    roleCode: roleCode as RoleCode,
    granteeType: granteeType as GranteeType,
    granteeId,
    oemId,
    note,
    expiresAt,
    revokedAt: null,
    revokedBy: null,
    createdAt: now.toISOString(),
    createdBy: caller.user.name,
  };
}
