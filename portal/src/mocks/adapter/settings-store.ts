import type { AuditStore } from '@services/audit/audit-chain';
import { decodeDataUrl, toDataUrl } from '@services/settings/logo-image';
import { liveNameConflict } from '@services/settings/api-keys';
import type { ApiKeyStore, LogoFiles, SettingsDeps, SettingsStore } from '@services/settings/settings-store';
import type { StoredApiKey, StoredSettings } from '@services/settings/settings-types';
import type { WorldDb } from '../world/db';
import type { ApiKeyRecord, CompanySettingsRecord } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type UndoLog, worldTransact } from './world-transaction';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * The demo's logo "files": a logo's file is its data URL, kept in the world's settings row (persisted with the world
 * in IndexedDB), so putting one stores nothing yet and removing one is the row's business. The server keeps files
 * under DATA_DIR.
 */
export const worldLogoFiles: LogoFiles = {
  async put(_tenantId, image) {
    return toDataUrl(image.bytes, image.type);
  },
  async dataUrl(key) {
    return decodeDataUrl(key) ? key : undefined;
  },
  async remove() {},
};

function toStoredSettings(row: CompanySettingsRecord): StoredSettings {
  return {
    tenantId: row.id,
    logo: row.logo
      ? {
          file: row.logo.dataUrl,
          type: row.logo.type,
          size: row.logo.size,
          fileName: row.logo.fileName,
          updatedAt: iso(row.logo.updatedAt),
        }
      : null,
    smtpSender: row.smtpSender,
    smsSenderId: row.smsSenderId,
    webhookSecretSet: row.webhookSecret !== null,
    updatedAt: iso(row.updatedAt),
  };
}

/** The SettingsStore of the services over the world's `companySettings` (whose rows also hold carbon settings). */
export function worldSettingsStore(db: WorldDb, undo?: UndoLog): SettingsStore {
  return {
    async get(tenantId) {
      const row = db.tables.companySettings.get(tenantId);
      return row && toStoredSettings(row);
    },
    async save(tenantId, changes, at) {
      undo?.touch('companySettings', tenantId);
      const current: CompanySettingsRecord = db.tables.companySettings.get(tenantId) ?? {
        id: tenantId,
        logo: null,
        smtpSender: null,
        smsSenderId: null,
        webhookSecret: null,
        updatedAt: at.getTime(),
      };
      const next: CompanySettingsRecord = { ...current, updatedAt: at.getTime() };
      if (changes.logo !== undefined) {
        next.logo = changes.logo && {
          dataUrl: changes.logo.file,
          type: changes.logo.type,
          size: changes.logo.size,
          fileName: changes.logo.fileName,
          updatedAt: Date.parse(changes.logo.updatedAt),
        };
      }
      if (changes.smtpSender !== undefined) next.smtpSender = changes.smtpSender;
      if (changes.smsSenderId !== undefined) next.smsSenderId = changes.smsSenderId;
      if (changes.webhookSecret !== undefined) next.webhookSecret = changes.webhookSecret;
      if (db.tables.companySettings.get(tenantId)) db.tables.companySettings.update(tenantId, next);
      else db.tables.companySettings.insert(next);
    },
  };
}

function toStoredKey(row: ApiKeyRecord): StoredApiKey {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userId: row.userId,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    lastUsedAt: isoOrNull(row.lastUsedAt),
    resetAt: isoOrNull(row.resetAt),
    revokedAt: isoOrNull(row.revokedAt),
  };
}

/** The ApiKeyStore of the services over the world's `apiKeys` (the demo's sign-in reads the same rows). */
export function worldApiKeyStore(db: WorldDb, undo?: UndoLog): ApiKeyStore {
  const liveNameTaken = (tenantId: string, name: string) =>
    db.tables.apiKeys
      .all()
      .some((k) => k.tenantId === tenantId && k.revokedAt === null && k.name.toLowerCase() === name.toLowerCase());
  return {
    async list(tenantId) {
      return db.tables.apiKeys
        .all()
        .filter((k) => k.tenantId === tenantId)
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
        .map(toStoredKey);
    },
    async get(id) {
      const row = db.tables.apiKeys.get(id);
      return row && toStoredKey(row);
    },
    async liveNameTaken(tenantId, name) {
      return liveNameTaken(tenantId, name);
    },
    async insert(key, secretHash) {
      if (liveNameTaken(key.tenantId, key.name)) throw liveNameConflict();
      undo?.touch('apiKeys', key.id);
      db.tables.apiKeys.insert({
        id: key.id,
        tenantId: key.tenantId,
        userId: key.userId,
        name: key.name,
        scope: key.scope,
        prefix: key.prefix,
        secretHash,
        createdAt: Date.parse(key.createdAt),
        createdBy: key.createdBy,
        lastUsedAt: null,
        resetAt: null,
        revokedAt: null,
      });
    },
    async updateLive(id, changes) {
      if (db.tables.apiKeys.get(id)?.revokedAt !== null) return false;
      undo?.touch('apiKeys', id);
      const next: Partial<ApiKeyRecord> = {};
      if (changes.prefix !== undefined) next.prefix = changes.prefix;
      if (changes.secretHash !== undefined) next.secretHash = changes.secretHash;
      if (changes.resetAt !== undefined) next.resetAt = Date.parse(changes.resetAt);
      if (changes.lastUsedAt !== undefined) next.lastUsedAt = null;
      if (changes.revokedAt !== undefined) next.revokedAt = Date.parse(changes.revokedAt);
      db.tables.apiKeys.update(id, next);
      return true;
    },
  };
}

/** The settings services' dependencies over the demo world. */
export function worldSettingsDeps(db: WorldDb): SettingsDeps {
  return {
    settings: worldSettingsStore(db),
    apiKeys: worldApiKeyStore(db),
    logos: worldLogoFiles,
    now: () => new Date(),
    transact: worldTransact(db, (undo): { settings: SettingsStore; apiKeys: ApiKeyStore; audit: AuditStore } => ({
      settings: worldSettingsStore(db, undo),
      apiKeys: worldApiKeyStore(db, undo),
      audit: worldAuditStore(db, undo),
    })),
  };
}
