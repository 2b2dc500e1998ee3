import { ALL_ACTIONS, isPermissionKey, PERMISSION_LABELS, type PermissionMap } from '@/domain/permissions';
import { applicableActions, bitsBeyond, grantsAnything } from '@/domain/role-editor';
import { type FieldErrors, validationFailed } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import type { RoleStore } from './role-store';

export const roleNameTaken = () => validationFailed({ name: 'A role with this name exists.' });

/** A role name: 1 to 60 characters, unique without case; undefined after recording why not. */
export async function readRoleName(
  store: Pick<RoleStore, 'nameTaken'>,
  errors: FieldErrors,
  value: unknown,
  exceptId?: string,
): Promise<string | undefined> {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) errors.add('name', 'Enter a role name.');
  else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
  else if (await store.nameTaken(name, exceptId)) errors.add('name', 'A role with this name exists.');
  else return name;
  return undefined;
}

/**
 * A permission map: known keys, whole non-negative flags, only bits that apply to each key (decision 0067: a bit the
 * role already held from the default matrix may stay, but none can be added), and at least one permission.
 */
export function readPermissions(
  errors: FieldErrors,
  value: unknown,
  current: PermissionMap = {},
): PermissionMap | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.add('permissions', 'Send the permissions as key -> action flags.');
    return undefined;
  }
  const out: PermissionMap = {};
  let bad = 0;
  for (const [key, flags] of Object.entries(value as Record<string, unknown>)) {
    if (!isPermissionKey(key)) {
      errors.add(`permissions.${key}`, 'Unknown permission key.');
      bad += 1;
      continue;
    }
    if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0 || flags > ALL_ACTIONS) {
      errors.add(`permissions.${key}`, 'Send the action flags as a whole number.');
      bad += 1;
      continue;
    }
    if ((flags & ~applicableActions(key) & ~(current[key] ?? 0)) !== 0) {
      errors.add(`permissions.${key}`, `Some actions do not apply to ${PERMISSION_LABELS[key]}.`);
      bad += 1;
      continue;
    }
    if (flags !== 0) out[key] = flags;
  }
  if (bad > 0) return undefined;
  if (!grantsAnything(out)) {
    errors.add('permissions', 'Give the role at least one permission.');
    return undefined;
  }
  return out;
}

function mergeMaps(a: PermissionMap, b: PermissionMap): PermissionMap {
  const out: PermissionMap = { ...a };
  for (const [key, flags] of Object.entries(b)) {
    out[key as keyof PermissionMap] = (out[key as keyof PermissionMap] ?? 0) | (flags ?? 0);
  }
  return out;
}

/** Refuses (400) bits the caller would grant without holding them; bits the role had already stay allowed. */
export function checkWithinEditor(caller: Caller, wanted: PermissionMap, current: PermissionMap): void {
  const keys = Object.keys(bitsBeyond(wanted, mergeMaps(caller.permissions, current)));
  if (keys.length === 0) return;
  const named = keys
    .slice(0, 5)
    .map((k) => PERMISSION_LABELS[k as keyof typeof PERMISSION_LABELS])
    .join(', ');
  throw validationFailed({
    permissions: `You cannot grant what you do not hold: ${named}${keys.length > 5 ? ', ...' : ''}.`,
  });
}

/** True when the caller could give an account this role: it holds nothing the caller does not. */
export function holdsAllOf(caller: Caller, permissions: PermissionMap): boolean {
  return Object.keys(bitsBeyond(permissions, caller.permissions)).length === 0;
}
