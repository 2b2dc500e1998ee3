import { ACTION } from '@/domain/permissions';
import type { Caller } from '../lib/caller';
import { requirePermission } from '../lib/caller';
import { settingsView } from './get-settings';
import { readLogo } from './logo-image';
import { requirePerson, tenantOf } from './settings-scope';
import type { SettingsDeps } from './settings-store';
import type { CompanySettings } from './settings-types';
import { writeSettings } from './write-settings';

/**
 * PUT /settings/logo: a PNG, JPEG or WebP data URL whose bytes are the type it claims, at most 512 KB (413 above);
 * needs `s.logo` with Update. The bytes go to the logo files first; the row names them in the transaction with the
 * audit entry, and the replaced file is removed after it commits (the new one if it fails).
 */
export async function putCompanyLogo(
  deps: SettingsDeps,
  caller: Caller,
  input: { body: Record<string, unknown> },
): Promise<CompanySettings> {
  requirePermission(caller, 's.logo', ACTION.UPDATE);
  requirePerson(caller);
  const logo = readLogo(input.body ?? {});
  const tenantId = tenantOf(caller);
  const before = await deps.settings.get(tenantId);
  const file = await deps.logos.put(tenantId, logo);
  const now = deps.now();
  try {
    await writeSettings(
      deps,
      caller,
      tenantId,
      {
        logo: { file, type: logo.type, size: logo.bytes.length, fileName: logo.fileName, updatedAt: now.toISOString() },
      },
      { action: 'Update', summary: `Uploaded the company logo ${logo.fileName}` },
    );
  } catch (error) {
    await deps.logos.remove(file);
    throw error;
  }
  if (before?.logo && before.logo.file !== file) await deps.logos.remove(before.logo.file);
  return settingsView(deps, tenantId, now);
}

/** DELETE /settings/logo: removes the logo; needs `s.logo` with Delete. Audit entity Settings. */
export async function deleteCompanyLogo(deps: SettingsDeps, caller: Caller): Promise<void> {
  requirePermission(caller, 's.logo', ACTION.DELETE);
  requirePerson(caller);
  const tenantId = tenantOf(caller);
  const before = await deps.settings.get(tenantId);
  await writeSettings(
    deps,
    caller,
    tenantId,
    { logo: null },
    { action: 'Delete', summary: 'Removed the company logo' },
  );
  if (before?.logo) await deps.logos.remove(before.logo.file);
}
