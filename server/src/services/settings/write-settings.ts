import { appendAudit, type AuditAction, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import { emptySettings, settingsForAudit } from './get-settings';
import type { SettingsDeps } from './settings-store';
import { SETTINGS_AUDIT_ENTITY, type SettingsChanges } from './settings-types';

/** Writes changes to the caller's company row and its audit entry (entity Settings) in one transaction. */
export async function writeSettings(
  deps: SettingsDeps,
  caller: Caller,
  tenantId: string,
  changes: SettingsChanges,
  audit: { action: AuditAction; summary: string },
): Promise<void> {
  const now = deps.now();
  await deps.transact(async (tx) => {
    const before = (await tx.settings.get(tenantId)) ?? emptySettings(tenantId, now);
    await tx.settings.save(tenantId, changes, now);
    const after = (await tx.settings.get(tenantId)) ?? before;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: SETTINGS_AUDIT_ENTITY,
        entityId: tenantId,
        action: audit.action,
        summary: audit.summary,
        changes: diffFields(
          { ...settingsForAudit(before), updatedAt: undefined },
          { ...settingsForAudit(after), updatedAt: undefined },
        ),
      },
      now,
    );
  });
}
