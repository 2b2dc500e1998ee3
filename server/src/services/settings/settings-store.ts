import type { AuditStore } from '../audit/audit-chain';
import type { ApiKeyChanges, SettingsChanges, StoredApiKey, StoredSettings } from './settings-types';

/** Company settings rows, one per company (`platform` or an OEM id). */
export interface SettingsStore {
  get(tenantId: string): Promise<StoredSettings | undefined>;
  /** Writes the changes into the company's row (made when it has none yet) and stamps `updatedAt`. */
  save(tenantId: string, changes: SettingsChanges, at: Date): Promise<void>;
}

/**
 * Where logo bytes are kept: on the server files under DATA_DIR (backed up with it, docs/operating.md); in the demo
 * the world row. A key names one stored image.
 */
export interface LogoFiles {
  put(tenantId: string, image: { bytes: Uint8Array; type: string }): Promise<string>;
  /** The image as a data URL, or undefined when its file is gone. */
  dataUrl(key: string, type: string): Promise<string | undefined>;
  /** Removes the image; a key already gone is no error. */
  remove(key: string): Promise<void>;
}

/** REST API keys of the companies. */
export interface ApiKeyStore {
  /** The company's keys, newest first, revoked ones included. */
  list(tenantId: string): Promise<StoredApiKey[]>;
  get(id: string): Promise<StoredApiKey | undefined>;
  /** True when a live key of the company has this name (without case). */
  liveNameTaken(tenantId: string, name: string): Promise<boolean>;
  /** Inserts a key with its secret's hash; a live name taken meanwhile answers the contract's 409. */
  insert(key: StoredApiKey, secretHash: string): Promise<void>;
  /** Changes a live key; false (nothing written) when it is revoked by now, so two revokes at once write one. */
  updateLive(id: string, changes: ApiKeyChanges): Promise<boolean>;
}

export interface SettingsDeps {
  settings: SettingsStore;
  apiKeys: ApiKeyStore;
  logos: LogoFiles;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(
    work: (tx: { settings: SettingsStore; apiKeys: ApiKeyStore; audit: AuditStore }) => Promise<T>,
  ): Promise<T>;
}
