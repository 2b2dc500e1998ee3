/**
 * Rules (portal spec §3: condition operator AND 1 / OR 2, scope OEM 1 / Model 2 / Device 3, delivery bit flags) and
 * the field checks the rule form and the rule services (`server/src/services/rules`) share, so both say the same thing
 * about the same input.
 */
import { DELIVERY_METHOD } from './bit-flags';
import { RULE_OPERATOR, RULE_SCOPE } from './enums';

export const COMPARATORS = ['>', '>=', '<', '<=', '==', '!='] as const;
export type Comparator = (typeof COMPARATORS)[number];
export const COMPARATOR_LABELS: Record<Comparator, string> = {
  '>': 'above',
  '>=': 'at or above',
  '<': 'below',
  '<=': 'at or below',
  '==': 'equal to',
  '!=': 'not equal to',
};

export type RuleDeviceKind = 'EV' | 'BMS' | 'MCU' | 'VCU';
export const RULE_DEVICE_KINDS: readonly RuleDeviceKind[] = ['EV', 'BMS', 'MCU', 'VCU'];

export interface RuleConditionValue {
  kind: 'telemetry' | 'fault';
  /** Telemetry key, or fault code (null: any fault). */
  key: string | null;
  comparator: Comparator;
  value: number;
}

/** True when `a <comparator> b`. */
export function compare(a: number, comparator: Comparator, b: number): boolean {
  switch (comparator) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}

/** A telemetry key's range as the model's telemetry template gives it. */
export interface KeyRange {
  key: string;
  label: string;
  unit: string;
  min: number;
  max: number;
}

/** Why a condition is not valid (null: it is), given the keys of the rule's telemetry template. */
export function conditionProblem(condition: RuleConditionValue, keys: readonly KeyRange[]): string | null {
  if (!COMPARATORS.includes(condition.comparator)) return 'Choose a comparison.';
  if (typeof condition.value !== 'number' || !Number.isFinite(condition.value)) return 'Enter a number.';
  if (condition.kind === 'fault') {
    if (condition.value < 0 || condition.value > 5 || !Number.isInteger(condition.value))
      return 'Choose a severity from None (0) to Emergency (5).';
    return null;
  }
  const range = keys.find((k) => k.key === condition.key);
  if (!range) return 'Choose a telemetry key of the template.';
  if (condition.value < range.min || condition.value > range.max)
    return `${range.label} ranges from ${range.min} to ${range.max} ${range.unit}.`;
  return null;
}

/** Why a web-hook URL is not accepted (null: it is): it must be an absolute https URL. */
export function webhookUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return 'Enter the web-hook URL.';
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return 'Enter a full URL, e.g. https://example.com/hook.';
  }
  if (parsed.protocol !== 'https:') return 'The web-hook URL must start with https://.';
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** Why a recipient list does not suit the chosen methods (null: it does). */
export function recipientsProblem(recipients: readonly string[], deliveryMethods: number): string | null {
  const needsEmail = (deliveryMethods & DELIVERY_METHOD.EMAIL) !== 0;
  const needsPhone = (deliveryMethods & DELIVERY_METHOD.SMS) !== 0;
  if (!needsEmail && !needsPhone) return null;
  const bad = recipients.filter((r) => !EMAIL.test(r) && !PHONE.test(r));
  if (bad.length > 0) return `Not an e-mail address or phone number: ${bad.slice(0, 3).join(', ')}.`;
  if (needsEmail && !recipients.some((r) => EMAIL.test(r))) return 'E-mail needs at least one e-mail address.';
  if (needsPhone && !recipients.some((r) => PHONE.test(r))) return 'SMS needs at least one phone number.';
  return null;
}

export const RULE_LIMITS = {
  maxConditions: 10,
  maxPendingSeconds: 86_400,
  maxCooldownSeconds: 604_800,
  maxRecipients: 20,
} as const;

export { RULE_OPERATOR, RULE_SCOPE };
