import { ACTION, type PermissionMap } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { conflict, FieldErrors, notFound } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { requirePermission } from '../lib/caller';
import { API_KEY_READ_BITS, apiKeyPrefix, apiKeySecretHash, newApiKeySecret } from './api-key-secret';
import { requirePerson, tenantOf } from './settings-scope';
import type { ApiKeyStore, SettingsDeps } from './settings-store';
import { type ApiKey, type ApiKeyCreated, SETTINGS_AUDIT_ENTITY, type StoredApiKey } from './settings-types';

/** A key as the API shows it: never its company, creator id or any form of its secret. */
export function toApiKey(key: StoredApiKey): ApiKey {
  return {
    id: key.id,
    name: key.name,
    scope: key.scope,
    prefix: key.prefix,
    createdAt: key.createdAt,
    createdBy: key.createdBy,
    lastUsedAt: key.lastUsedAt,
    resetAt: key.resetAt,
    revokedAt: key.revokedAt,
  };
}

/** The permissions a request with a key gets: its creator's, only List and Export for a `read` key. */
export function permissionsOfKey(scope: StoredApiKey['scope'], permissions: PermissionMap): PermissionMap {
  if (scope === 'write') return permissions;
  return Object.fromEntries(
    Object.entries(permissions).map(([key, flags]) => [key, (flags ?? 0) & API_KEY_READ_BITS]),
  ) as PermissionMap;
}

const revokedConflict = () => conflict('A revoked key cannot be reset; create a new one.');
const alreadyRevoked = () => conflict('This key was already revoked.');

export const liveNameConflict = () =>
  conflict('A live key has this name.', { name: 'A live key already has this name.' });

/** The key if it is of the caller's company, else the contract's 404. */
async function keyOr404(store: ApiKeyStore, caller: Caller, id: string): Promise<StoredApiKey> {
  const key = await store.get(id);
  if (!key || key.tenantId !== tenantOf(caller)) throw notFound('API key');
  return key;
}

/** GET /api-keys: the company's keys, newest first, revoked ones included; needs `s.api`. */
export async function listApiKeys(deps: SettingsDeps, caller: Caller): Promise<ApiKey[]> {
  requirePermission(caller, 's.api');
  return (await deps.apiKeys.list(tenantOf(caller))).map(toApiKey);
}

/**
 * POST /api-keys: needs `s.api` with Add. A name of 1 to 60 characters unique among the company's live keys (409),
 * a scope `read` or `write`. The secret is answered this once; only its SHA-256 is kept. Audit entity Settings.
 */
export async function createApiKey(
  deps: SettingsDeps,
  caller: Caller,
  input: { body: Record<string, unknown> },
): Promise<ApiKeyCreated> {
  requirePermission(caller, 's.api', ACTION.ADD);
  requirePerson(caller);
  const body = input.body ?? {};
  const errors = new FieldErrors();
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.add('name', 'Enter a name that says what uses the key.');
  else if (name.length > 60) errors.add('name', 'Use at most 60 characters.');
  if (body.scope !== 'read' && body.scope !== 'write') errors.add('scope', 'Choose Read only or Read and write.');
  errors.throwIfAny();
  const tenantId = tenantOf(caller);
  if (await deps.apiKeys.liveNameTaken(tenantId, name)) throw liveNameConflict();
  const secret = newApiKeySecret();
  const secretHash = await apiKeySecretHash(secret);
  const now = deps.now();
  const key: StoredApiKey = {
    id: `apk-${crypto.randomUUID()}`,
    tenantId,
    userId: caller.user.id,
    name,
    scope: body.scope as StoredApiKey['scope'],
    prefix: apiKeyPrefix(secret),
    createdAt: now.toISOString(),
    createdBy: caller.user.name,
    lastUsedAt: null,
    resetAt: null,
    revokedAt: null,
  };
  await deps.transact(async (tx) => {
    await tx.apiKeys.insert(key, secretHash);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SETTINGS_AUDIT_ENTITY,
        entityId: key.id,
        action: 'Add',
        summary: `Created the API key ${name} (${key.scope})`,
        changes: diffFields(null, toApiKey(key)),
      },
      now,
    );
  });
  return { ...toApiKey(key), secret };
}

/**
 * POST /api-keys/{id}/reset: a new secret for a live key (answered once; the old one stops working, the last use is
 * cleared); needs `s.api` with Reset. A revoked key is a 409. Audit entity Settings.
 */
export async function resetApiKey(deps: SettingsDeps, caller: Caller, input: { id: string }): Promise<ApiKeyCreated> {
  requirePermission(caller, 's.api', ACTION.RESET);
  requirePerson(caller);
  const key = await keyOr404(deps.apiKeys, caller, input.id);
  if (key.revokedAt !== null) throw revokedConflict();
  const secret = newApiKeySecret();
  const secretHash = await apiKeySecretHash(secret);
  const now = deps.now();
  const after = await deps.transact(async (tx) => {
    const changed = await tx.apiKeys.updateLive(key.id, {
      prefix: apiKeyPrefix(secret),
      secretHash,
      resetAt: now.toISOString(),
      lastUsedAt: null,
    });
    if (!changed) throw revokedConflict();
    const updated = (await tx.apiKeys.get(key.id)) as StoredApiKey;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SETTINGS_AUDIT_ENTITY,
        entityId: key.id,
        action: 'Update',
        summary: `Reset the API key ${key.name}`,
        changes: diffFields(toApiKey(key), toApiKey(updated)),
      },
      now,
    );
    return updated;
  });
  return { ...toApiKey(after), secret };
}

/** POST /api-keys/{id}/revoke: ends a key for good (it stays listed); twice is a 409. Needs `s.api` with Delete. */
export async function revokeApiKey(deps: SettingsDeps, caller: Caller, input: { id: string }): Promise<ApiKey> {
  requirePermission(caller, 's.api', ACTION.DELETE);
  requirePerson(caller);
  const key = await keyOr404(deps.apiKeys, caller, input.id);
  if (key.revokedAt !== null) throw alreadyRevoked();
  const now = deps.now();
  return deps.transact(async (tx) => {
    if (!(await tx.apiKeys.updateLive(key.id, { revokedAt: now.toISOString() }))) throw alreadyRevoked();
    const updated = (await tx.apiKeys.get(key.id)) as StoredApiKey;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SETTINGS_AUDIT_ENTITY,
        entityId: key.id,
        action: 'Delete',
        summary: `Revoked the API key ${key.name}`,
        changes: diffFields(toApiKey(key), toApiKey(updated)),
      },
      now,
    );
    return toApiKey(updated);
  });
}
