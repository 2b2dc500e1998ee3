import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, FieldErrors, notFound } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { requirePermission } from '../lib/caller';
import { SETTINGS_AUDIT_ENTITY } from '../settings/settings-types';
import { requirePerson, tenantOf } from '../settings/settings-scope';
import type { ManagedSdkKey, SdkKeyAdminStore, SdkKeyChanges, SdkKeyDeps } from './sdk-key-store';
import { readSettingsPatch, storedConfigWith, type WidgetSettings, widgetSettingsOf } from './widget-settings';

/** The permission key that guards SDK keys: Settings (decision 0123). */
export const SDK_KEY_PERMISSION = 's';

/** A key as the API shows it (openapi.yaml SdkKey): never its organisation. */
export interface SdkKey {
  id: string;
  name: string;
  key: string;
  config: WidgetSettings;
  createdAt: string;
  revokedAt: string | null;
}

export function toSdkKey(key: ManagedSdkKey): SdkKey {
  return {
    id: key.id,
    name: key.name,
    key: key.key,
    config: widgetSettingsOf(key.config),
    createdAt: key.createdAt,
    revokedAt: key.revokedAt,
  };
}

/** The key's fields flat, for the audit entry's field diff (the value itself is public, decision 0115). */
const auditView = (key: SdkKey) => ({
  name: key.name,
  key: key.key,
  createdAt: key.createdAt,
  revokedAt: key.revokedAt,
  ...key.config,
});

/** A new key's value: `sdk_` and 24 random bytes in base64url (unguessable; not a secret, decision 0123). */
export function newSdkKeyValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `sdk_${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

const revokedConflict = () => conflict('This key is revoked; create a new one.');
const alreadyRevoked = () => conflict('This key was already revoked.');

/** The key if it is of the caller's organisation, else the contract's 404. */
async function keyOr404(store: SdkKeyAdminStore, caller: Caller, id: string): Promise<ManagedSdkKey> {
  const key = await store.get(id);
  if (!key || key.tenantId !== tenantOf(caller)) throw notFound('SDK key');
  return key;
}

function readName(value: unknown, errors: FieldErrors): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) errors.add('name', 'Enter a name that says which site or app uses the key.');
  else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
  return name;
}

/** GET /sdk-keys: the organisation's keys with their widget config, newest first, revoked ones included; needs `s`. */
export async function listSdkKeys(deps: Pick<SdkKeyDeps, 'sdkKeys'>, caller: Caller): Promise<SdkKey[]> {
  requirePermission(caller, SDK_KEY_PERMISSION);
  return (await deps.sdkKeys.list(tenantOf(caller))).map(toSdkKey);
}

/** POST /sdk-keys: needs `s` with Add. A name of 1 to 60 characters; the config fields given over the defaults. */
export async function createSdkKey(
  deps: SdkKeyDeps,
  caller: Caller,
  input: { body: Record<string, unknown> },
): Promise<SdkKey> {
  requirePermission(caller, SDK_KEY_PERMISSION, ACTION.ADD);
  requirePerson(caller);
  const body = input.body ?? {};
  const errors = new FieldErrors();
  const name = readName(body.name, errors);
  const settings = readSettingsPatch(body.config, widgetSettingsOf(undefined), errors);
  errors.throwIfAny();
  const now = deps.now();
  const key: ManagedSdkKey = {
    id: `sdk-${crypto.randomUUID()}`,
    tenantId: tenantOf(caller),
    key: newSdkKeyValue(),
    name,
    config: storedConfigWith(undefined, settings),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  const answer = toSdkKey(key);
  await deps.transact(async (tx) => {
    await tx.sdkKeys.insert(key);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SETTINGS_AUDIT_ENTITY,
        entityId: key.id,
        action: 'Add',
        summary: `Created the SDK key ${name}`,
        changes: diffFields(null, auditView(answer)),
      },
      now,
    );
  });
  return answer;
}

/**
 * PATCH /sdk-keys/{id}: the name and the config fields given; needs `s` with Update. A revoked key is 409. What is saved
 * is what the widget API's `GET /config/{key}` answers from then on.
 */
export async function updateSdkKey(
  deps: SdkKeyDeps,
  caller: Caller,
  input: { id: string; body: Record<string, unknown> },
): Promise<SdkKey> {
  requirePermission(caller, SDK_KEY_PERMISSION, ACTION.UPDATE);
  requirePerson(caller);
  const key = await keyOr404(deps.sdkKeys, caller, input.id);
  const body = input.body ?? {};
  const errors = new FieldErrors();
  const changes: SdkKeyChanges = {};
  if (body.name !== undefined) changes.name = readName(body.name, errors);
  const before = toSdkKey(key);
  const settings = readSettingsPatch(body.config, before.config, errors);
  errors.throwIfAny();
  if (body.config !== undefined) changes.config = storedConfigWith(key.config, settings);
  if (key.revokedAt !== null) throw revokedConflict();
  const now = deps.now();
  return deps.transact(async (tx) => {
    if (!(await tx.sdkKeys.updateLive(key.id, changes))) throw revokedConflict();
    const after = toSdkKey((await tx.sdkKeys.get(key.id)) as ManagedSdkKey);
    const diff = diffFields(auditView(before), auditView(after));
    if (diff.length > 0) {
      await appendAudit(
        tx.audit,
        caller,
        {
          entity: SETTINGS_AUDIT_ENTITY,
          entityId: key.id,
          action: 'Update',
          summary: `Edited the SDK key ${after.name}`,
          changes: diff,
        },
        now,
      );
    }
    return after;
  });
}

/**
 * POST /sdk-keys/{id}/revoke: ends a key for good (it stays listed; the widget API answers 401 to it from then on and
 * stores nothing); twice is 409. Needs `s` with Delete.
 */
export async function revokeSdkKey(deps: SdkKeyDeps, caller: Caller, input: { id: string }): Promise<SdkKey> {
  requirePermission(caller, SDK_KEY_PERMISSION, ACTION.DELETE);
  requirePerson(caller);
  const key = await keyOr404(deps.sdkKeys, caller, input.id);
  if (key.revokedAt !== null) throw alreadyRevoked();
  const now = deps.now();
  return deps.transact(async (tx) => {
    if (!(await tx.sdkKeys.updateLive(key.id, { revokedAt: now.toISOString() }))) throw alreadyRevoked();
    const after = toSdkKey((await tx.sdkKeys.get(key.id)) as ManagedSdkKey);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SETTINGS_AUDIT_ENTITY,
        entityId: key.id,
        action: 'Delete',
        summary: `Revoked the SDK key ${key.name}`,
        changes: diffFields(auditView(toSdkKey(key)), auditView(after)),
      },
      now,
    );
    return after;
  });
}
