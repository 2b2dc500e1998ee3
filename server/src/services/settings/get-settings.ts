import type { Caller } from '../lib/caller';
import { requirePermission } from '../lib/caller';
import { tenantOf } from './settings-scope';
import type { LogoFiles, SettingsStore } from './settings-store';
import type { SettingsDeps } from './settings-store';
import type { CompanySettings, StoredSettings } from './settings-types';

/** A company with no row yet: nothing set. */
export function emptySettings(tenantId: string, at: Date): StoredSettings {
  return {
    tenantId,
    logo: null,
    smtpSender: null,
    smsSenderId: null,
    webhookSecretSet: false,
    updatedAt: at.toISOString(),
  };
}

/** The settings as the audit records them: the logo without its bytes. */
export function settingsForAudit(row: StoredSettings) {
  const { logo, ...rest } = row;
  return { ...rest, logo: logo && { type: logo.type, size: logo.size, fileName: logo.fileName } };
}

/** The settings as the API shows them: the logo's bytes as a data URL, the secret as "set" only. */
export async function settingsView(
  stores: { settings: SettingsStore; logos: LogoFiles },
  tenantId: string,
  now: Date,
): Promise<CompanySettings> {
  const row = (await stores.settings.get(tenantId)) ?? emptySettings(tenantId, now);
  const dataUrl = row.logo ? await stores.logos.dataUrl(row.logo.file, row.logo.type) : undefined;
  return {
    tenantId: row.tenantId,
    logo:
      row.logo && dataUrl !== undefined
        ? {
            dataUrl,
            type: row.logo.type,
            size: row.logo.size,
            fileName: row.logo.fileName,
            updatedAt: row.logo.updatedAt,
          }
        : null,
    smtpSender: row.smtpSender,
    smsSenderId: row.smsSenderId,
    webhookSecretSet: row.webhookSecretSet,
    updatedAt: row.updatedAt,
  };
}

/** GET /settings: the caller's company settings; needs `s`. Secrets are never returned. */
export async function getCompanySettings(deps: SettingsDeps, caller: Caller): Promise<CompanySettings> {
  requirePermission(caller, 's');
  return settingsView(deps, tenantOf(caller), deps.now());
}
