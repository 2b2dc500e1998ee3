import { decodeSeverity } from '@/domain/enums';
import {
  type Comparator,
  conditionProblem,
  type KeyRange,
  RULE_LIMITS,
  type RuleDeviceKind,
  recipientsProblem,
  webhookUrlProblem,
} from '@/domain/rules';
import type { ApiRule, RuleInput } from '../api/rule-api';

export interface ConditionDraft {
  kind: 'telemetry' | 'fault';
  /** Telemetry key, or fault code ('' for any fault). */
  key: string;
  comparator: Comparator;
  value: number | '';
}

/** What the rule form holds while it is edited (numbers may be empty while typed). */
export interface RuleDraft {
  name: string;
  description: string;
  deviceKind: RuleDeviceKind;
  scope: 1 | 2 | 3;
  oemId: string;
  modelId: string;
  vehicleId: string;
  conditionOperator: 1 | 2;
  conditions: ConditionDraft[];
  clearConditions: ConditionDraft[];
  pendingSeconds: number | '';
  cooldownSeconds: number | '';
  repeatSeconds: number | '';
  severity: number;
  deliveryMethods: number;
  /** One per line or separated by commas. */
  recipients: string;
  webhookUrl: string;
  commandCode: string;
  openTicket: boolean;
  enabled: boolean;
}

export type RuleDraftErrors = Partial<Record<string, string>>;

export function emptyCondition(kind: ConditionDraft['kind'] = 'telemetry'): ConditionDraft {
  return kind === 'fault'
    ? { kind, key: '', comparator: '>=', value: 4 }
    : { kind, key: '', comparator: '>', value: '' };
}

export function newRuleDraft(oemId: string): RuleDraft {
  return {
    name: '',
    description: '',
    deviceKind: 'EV',
    scope: 1,
    oemId,
    modelId: '',
    vehicleId: '',
    conditionOperator: 1,
    conditions: [emptyCondition()],
    clearConditions: [],
    pendingSeconds: 0,
    cooldownSeconds: 600,
    repeatSeconds: 0,
    severity: 3,
    deliveryMethods: 1 | 16,
    recipients: '',
    webhookUrl: '',
    commandCode: '',
    openTicket: false,
    enabled: true,
  };
}

const toDraftCondition = (c: ApiRule['conditions'][number]): ConditionDraft => ({
  kind: c.kind,
  key: c.key ?? '',
  comparator: c.comparator,
  value: c.value,
});

export function draftOf(rule: ApiRule): RuleDraft {
  return {
    name: rule.name,
    description: rule.description,
    deviceKind: rule.deviceKind,
    scope: rule.scope,
    oemId: rule.oemId,
    modelId: rule.modelId ?? '',
    vehicleId: rule.vehicleId ?? '',
    conditionOperator: rule.conditionOperator,
    conditions: rule.conditions.map(toDraftCondition),
    clearConditions: rule.clearConditions.map(toDraftCondition),
    pendingSeconds: rule.pendingSeconds,
    cooldownSeconds: rule.cooldownSeconds,
    repeatSeconds: rule.repeatSeconds,
    severity: rule.severity,
    deliveryMethods: rule.deliveryMethods,
    recipients: rule.recipients.join(', '),
    webhookUrl: rule.webhookUrl ?? '',
    commandCode: rule.commandCode ?? '',
    openTicket: rule.openTicket,
    enabled: rule.enabled,
  };
}

export function recipientList(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((r) => r.trim())
    .filter(Boolean);
}

const toInputCondition = (c: ConditionDraft) => ({
  kind: c.kind,
  key: c.key === '' ? null : c.key,
  comparator: c.comparator,
  value: c.value === '' ? Number.NaN : c.value,
});

export function toRuleInput(draft: RuleDraft): RuleInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    deviceKind: draft.deviceKind,
    scope: draft.scope,
    oemId: draft.oemId,
    modelId: draft.scope === 2 ? draft.modelId || null : null,
    vehicleId: draft.scope === 3 ? draft.vehicleId || null : null,
    conditionOperator: draft.conditionOperator,
    conditions: draft.conditions.map(toInputCondition),
    clearConditions: draft.clearConditions.map(toInputCondition),
    pendingSeconds: draft.pendingSeconds === '' ? 0 : draft.pendingSeconds,
    cooldownSeconds: draft.cooldownSeconds === '' ? 0 : draft.cooldownSeconds,
    repeatSeconds: draft.repeatSeconds === '' ? 0 : draft.repeatSeconds,
    severity: draft.severity as RuleInput['severity'],
    deliveryMethods: draft.deliveryMethods,
    recipients: recipientList(draft.recipients),
    webhookUrl: (draft.deliveryMethods & 8) !== 0 ? draft.webhookUrl.trim() : null,
    commandCode: (draft.deliveryMethods & 32) !== 0 ? draft.commandCode || null : null,
    openTicket: draft.openTicket,
    enabled: draft.enabled,
  };
}

function seconds(value: number | '', max: number): string | undefined {
  if (value === '' || !Number.isInteger(value) || value < 0 || value > max)
    return `Enter whole seconds from 0 to ${max}.`;
  return undefined;
}

/**
 * Field by field, what the server would refuse (the same checks, `domain/rules.ts`); keys are the form's field
 * names (`conditions.0` for the first condition).
 */
export function validateRuleDraft(
  draft: RuleDraft,
  keys: readonly KeyRange[],
  { choosesOem = true }: { choosesOem?: boolean } = {},
): RuleDraftErrors {
  const errors: RuleDraftErrors = {};
  if (draft.name.trim() === '') errors.name = 'Enter a name.';
  else if (draft.name.trim().length > 80) errors.name = 'Use at most 80 characters.';
  if (draft.description.length > 500) errors.description = 'Use at most 500 characters.';
  // An OEM's staff have their OEM (the server sets it); platform staff choose one.
  if (draft.scope === 1 && choosesOem && !draft.oemId) errors.oemId = 'Choose an OEM.';
  if (draft.scope === 2 && !draft.modelId) errors.modelId = `Choose a ${draft.deviceKind} model.`;
  if (draft.scope === 3 && !draft.vehicleId) errors.vehicleId = 'Choose a vehicle.';
  if (draft.conditions.length === 0) errors.conditions = 'Add at least one condition.';
  if (draft.conditions.length > RULE_LIMITS.maxConditions)
    errors.conditions = `Use at most ${RULE_LIMITS.maxConditions} conditions.`;
  for (const [field, list] of [
    ['conditions', draft.conditions],
    ['clearConditions', draft.clearConditions],
  ] as const) {
    list.forEach((c, i) => {
      if (c.kind === 'telemetry' && c.key === '') {
        errors[`${field}.${i}`] = 'Choose a telemetry key.';
        return;
      }
      if (c.value === '') {
        errors[`${field}.${i}`] = 'Enter a value.';
        return;
      }
      const problem = conditionProblem(toInputCondition(c), keys);
      if (problem) errors[`${field}.${i}`] = problem;
    });
  }
  const pending = seconds(draft.pendingSeconds, RULE_LIMITS.maxPendingSeconds);
  if (pending) errors.pendingSeconds = pending;
  const cooldown = seconds(draft.cooldownSeconds, RULE_LIMITS.maxCooldownSeconds);
  if (cooldown) errors.cooldownSeconds = cooldown;
  const repeat = seconds(draft.repeatSeconds, RULE_LIMITS.maxCooldownSeconds);
  if (repeat) errors.repeatSeconds = repeat;
  if (draft.deliveryMethods === 0) errors.deliveryMethods = 'Choose at least one delivery method.';
  const recipients = recipientList(draft.recipients);
  if (recipients.length > RULE_LIMITS.maxRecipients)
    errors.recipients = `Use at most ${RULE_LIMITS.maxRecipients} recipients.`;
  const recipientProblem = recipientsProblem(recipients, draft.deliveryMethods);
  if (recipientProblem) errors.recipients = recipientProblem;
  if ((draft.deliveryMethods & 8) !== 0) {
    const problem = webhookUrlProblem(draft.webhookUrl);
    if (problem) errors.webhookUrl = problem;
  }
  if ((draft.deliveryMethods & 32) !== 0 && !draft.commandCode)
    errors.commandCode = "Choose a command of the model's commands.";
  return errors;
}

const SYMBOL: Record<Comparator, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '==': '=', '!=': '≠' };

/** "Max cell temperature > 55 °C AND a fault ≥ Critical": one line for the rule list. */
export function conditionSummary(
  rule: Pick<ApiRule, 'conditions' | 'conditionOperator'>,
  labelOf: (key: string) => { label: string; unit: string } | undefined = () => undefined,
): string {
  const parts = rule.conditions.map((c) => {
    if (c.kind === 'fault') {
      const severity = decodeSeverity(c.value).label;
      return `${c.key ? `fault ${c.key}` : 'any fault'} severity ${SYMBOL[c.comparator]} ${severity}`;
    }
    const key = c.key ? labelOf(c.key) : undefined;
    return `${key?.label ?? c.key} ${SYMBOL[c.comparator]} ${c.value}${key?.unit ? ` ${key.unit}` : ''}`;
  });
  return parts.join(rule.conditionOperator === 2 ? ' OR ' : ' AND ');
}

/** "90 s", "10 min", "2 h" for the timing column. */
export function formatSeconds(s: number): string {
  if (s === 0) return '0 s';
  if (s % 3600 === 0) return `${s / 3600} h`;
  if (s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}
