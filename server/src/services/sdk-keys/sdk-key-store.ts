import type { AuditStore } from '../audit/audit-chain';
import type { StoredSdkKey } from '../feedback/feedback-store';

/** An SDK key as Settings manages it: the widget API's key and when it was made. */
export interface ManagedSdkKey extends StoredSdkKey {
  createdAt: string;
}

/** What an edit or a revoke writes into a live key. */
export interface SdkKeyChanges {
  name?: string;
  /** The flowConfig fields as the widget reads them (`sdk_keys.config`). */
  config?: Record<string, unknown>;
  revokedAt?: string;
}

/** The organisations' SDK keys (decision 0123): on the server `sdk_keys`, in the demo the world's table. */
export interface SdkKeyAdminStore {
  /** The organisation's keys, newest first, revoked ones included. */
  list(tenantId: string): Promise<ManagedSdkKey[]>;
  get(id: string): Promise<ManagedSdkKey | undefined>;
  insert(key: ManagedSdkKey): Promise<void>;
  /** Changes a live key; false (nothing written) when it is revoked by now, so two revokes at once write one. */
  updateLive(id: string, changes: SdkKeyChanges): Promise<boolean>;
}

export interface SdkKeyDeps {
  sdkKeys: SdkKeyAdminStore;
  now: () => Date;
  /** Runs `work` in one transaction: the write and its audit entry commit together. */
  transact<T>(work: (tx: { sdkKeys: SdkKeyAdminStore; audit: AuditStore }) => Promise<T>): Promise<T>;
}
