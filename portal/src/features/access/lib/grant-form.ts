import type { ComponentKind, GrantTarget } from '@/domain/access-grants';
import type { RoleCode } from '@/domain/roles';

export interface GrantFormValues {
  target: GrantTarget;
  kind: ComponentKind;
  targetId: string;
  roleCode: RoleCode | '';
  granteeId: string;
  /** `YYYY-MM-DD` or empty (no expiry). */
  expiresOn: string;
  note: string;
}

export type GrantFormErrors = Partial<Record<keyof GrantFormValues, string>>;

/** Today as `YYYY-MM-DD` in local time (the date input's `min`). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The expiry instant of a chosen day: the end of that day, local time; null without a day. */
export function expiryOf(day: string): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return null;
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}

/** Field errors the form can tell before asking the server. */
export function validateGrant(values: GrantFormValues, now: Date = new Date()): GrantFormErrors {
  const errors: GrantFormErrors = {};
  if (values.target !== 'deviceKind' && !values.targetId)
    errors.targetId = values.target === 'oem' ? 'Choose the OEM.' : `Choose the ${values.target}.`;
  if (values.target === 'deviceKind' && values.kind === 'ev')
    errors.kind = 'Choose BMS, MCU or VCU: a device-kind grant opens one kind of device.';
  if (!values.roleCode) errors.roleCode = 'Choose the role the grantee gets.';
  if (!values.granteeId) errors.granteeId = 'Choose who gets access.';
  if (values.expiresOn && values.expiresOn < todayIso(now)) errors.expiresOn = 'Choose today or a later day, or none.';
  if (values.note.trim().length > 200) errors.note = 'Use at most 200 characters.';
  return errors;
}
