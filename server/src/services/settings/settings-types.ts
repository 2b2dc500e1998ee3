import type { Schemas } from '../lib/api-types';

export type CompanySettings = Schemas['CompanySettings'];
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyCreated = Schemas['ApiKeyCreated'];

/** A logo as a store keeps it: the file that holds its bytes (see `LogoFiles`), and what the API says of it. */
export interface StoredLogo {
  file: string;
  type: string;
  size: number;
  fileName: string;
  updatedAt: string;
}

/** A company's settings row; the web-hook secret never leaves the store, only whether it is set. */
export interface StoredSettings {
  tenantId: string;
  logo: StoredLogo | null;
  smtpSender: string | null;
  smsSenderId: string | null;
  webhookSecretSet: boolean;
  updatedAt: string;
}

/** What a write of the settings may change. */
export interface SettingsChanges {
  logo?: StoredLogo | null;
  smtpSender?: string | null;
  smsSenderId?: string | null;
  webhookSecret?: string;
}

/** An API key as a store keeps it: the API's fields, its company and creator; never its secret (only a hash). */
export interface StoredApiKey extends ApiKey {
  tenantId: string;
  userId: string;
}

/** What a reset or a revoke changes of a key. */
export interface ApiKeyChanges {
  prefix?: string;
  secretHash?: string;
  resetAt?: string;
  lastUsedAt?: null;
  revokedAt?: string;
}

/** Audit entity name of spec §3. */
export const SETTINGS_AUDIT_ENTITY = 'Settings';
