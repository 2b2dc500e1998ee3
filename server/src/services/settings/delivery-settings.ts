import { ACTION } from '@/domain/permissions';
import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { requirePermission } from '../lib/caller';
import { randomHex } from './api-key-secret';
import { settingsView } from './get-settings';
import { requirePerson, tenantOf } from './settings-scope';
import type { SettingsDeps } from './settings-store';
import type { CompanySettings, SettingsChanges } from './settings-types';
import { writeSettings } from './write-settings';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SMS_SENDER = /^[A-Za-z0-9]{3,11}$/;

/**
 * PATCH /settings/delivery: the SMTP sender address and the SMS sender id (3 to 11 letters or digits, kept upper
 * case); null or empty clears one. Needs `rule.dm` with Update. Audit entity Settings.
 */
export async function patchDeliverySettings(
  deps: SettingsDeps,
  caller: Caller,
  input: { body: Record<string, unknown> },
): Promise<CompanySettings> {
  requirePermission(caller, 'rule.dm', ACTION.UPDATE);
  requirePerson(caller);
  const body = input.body ?? {};
  const errors = new FieldErrors();
  const changes: SettingsChanges = {};
  if (body.smtpSender !== undefined) {
    const v = typeof body.smtpSender === 'string' ? body.smtpSender.trim() : body.smtpSender;
    if (v === null || v === '') changes.smtpSender = null;
    else if (typeof v !== 'string' || !EMAIL.test(v) || v.length > 120)
      errors.add('smtpSender', 'Enter the e-mail address the rules send from, e.g. alerts@example.com.');
    else changes.smtpSender = v.toLowerCase();
  }
  if (body.smsSenderId !== undefined) {
    const v = typeof body.smsSenderId === 'string' ? body.smsSenderId.trim() : body.smsSenderId;
    if (v === null || v === '') changes.smsSenderId = null;
    else if (typeof v !== 'string' || !SMS_SENDER.test(v))
      errors.add('smsSenderId', 'Use 3 to 11 letters or digits, no spaces.');
    else changes.smsSenderId = v.toUpperCase();
  }
  errors.throwIfAny();
  const tenantId = tenantOf(caller);
  await writeSettings(deps, caller, tenantId, changes, { action: 'Update', summary: 'Updated the delivery methods' });
  return settingsView(deps, tenantId, deps.now());
}

/**
 * POST /settings/delivery/webhook-secret: a new web-hook signing secret (`whsec_` + 48 hex), answered this once;
 * afterwards only "set" shows. Needs `rule.dm` with Configure. Audit entity Settings (no secret in it).
 */
export async function rotateWebhookSecret(deps: SettingsDeps, caller: Caller): Promise<{ secret: string }> {
  requirePermission(caller, 'rule.dm', ACTION.CONFIGURE);
  requirePerson(caller);
  const secret = `whsec_${randomHex(24)}`;
  await writeSettings(
    deps,
    caller,
    tenantOf(caller),
    { webhookSecret: secret },
    { action: 'Update', summary: 'Made a new web-hook signing secret' },
  );
  return { secret };
}
