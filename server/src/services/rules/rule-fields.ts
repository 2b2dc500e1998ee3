import {
  COMPARATORS,
  conditionProblem,
  type KeyRange,
  RULE_DEVICE_KINDS,
  RULE_LIMITS,
  type RuleConditionValue,
  recipientsProblem,
  webhookUrlProblem,
} from '@/domain/rules';
import { TELEMETRY_TEMPLATES } from '@/domain/telemetry-templates';
import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { RuleStore } from './rule-store';
import type { Rule, RuleFields } from './rule-types';

const WEB_HOOK = 8;
const COMMAND = 32;

function readConditions(
  errors: FieldErrors,
  field: string,
  raw: unknown,
  keys: readonly KeyRange[],
  required: boolean,
) {
  if (!Array.isArray(raw)) {
    errors.add(field, 'Send a list of conditions.');
    return undefined;
  }
  if (required && raw.length === 0) {
    errors.add(field, 'Add at least one condition.');
    return undefined;
  }
  if (raw.length > RULE_LIMITS.maxConditions) {
    errors.add(field, `Use at most ${RULE_LIMITS.maxConditions} conditions.`);
    return undefined;
  }
  const out: RuleConditionValue[] = [];
  raw.forEach((c: unknown, i) => {
    const candidate = (c ?? {}) as Record<string, unknown>;
    if (candidate.kind !== 'fault' && candidate.kind !== 'telemetry') {
      errors.add(`${field}.${i}`, 'Choose telemetry or fault.');
      return;
    }
    const condition: RuleConditionValue = {
      kind: candidate.kind,
      key: typeof candidate.key === 'string' && candidate.key !== '' ? candidate.key : null,
      comparator: (COMPARATORS as readonly unknown[]).includes(candidate.comparator)
        ? (candidate.comparator as RuleConditionValue['comparator'])
        : ('' as RuleConditionValue['comparator']),
      value: typeof candidate.value === 'number' ? candidate.value : Number.NaN,
    };
    const problem = conditionProblem(condition, keys);
    if (problem) errors.add(`${field}.${i}`, problem);
    else out.push(condition);
  });
  return out;
}

function wholeSeconds(errors: FieldErrors, field: string, value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    errors.add(field, `Enter whole seconds from 0 to ${max}.`);
    return 0;
  }
  return value;
}

/**
 * Reads a whole rule from a body (an edit: the body merged over the current rule first), every problem at once; throws
 * 400 with them, writing nothing. The target follows the caller's scope: an OEM's staff watch their own OEM (a model
 * of it, or a vehicle of their vehicle scope); platform staff any OEM; anyone else only one vehicle of their vehicle
 * scope (scope Device). A condition's telemetry key and range are those of the model's template, or of the kind's for
 * an OEM-wide or vehicle rule; a command is one of the commands of the models the rule watches.
 */
export async function readRuleFields(
  store: Pick<RuleStore, 'model' | 'modelsOf' | 'vehicleOem' | 'oemExists'>,
  caller: Caller,
  body: Record<string, unknown>,
  current: Rule | null,
): Promise<RuleFields> {
  const merged: Record<string, unknown> = { ...(current ?? {}), ...body };
  const errors = new FieldErrors();
  const name = typeof merged.name === 'string' ? merged.name.trim() : '';
  if (name === '') errors.add('name', 'Enter a name.');
  else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
  const description = typeof merged.description === 'string' ? merged.description.trim() : '';
  if (description.length > 500) errors.add('description', 'Use at most 500 characters.');

  const deviceKind = merged.deviceKind as Rule['deviceKind'];
  const kindKnown = RULE_DEVICE_KINDS.includes(deviceKind);
  if (!kindKnown) errors.add('deviceKind', 'Choose EV, BMS, MCU or VCU.');
  const scope = merged.scope as Rule['scope'];
  if (scope !== 1 && scope !== 2 && scope !== 3) errors.add('scope', 'Choose OEM, Model or Device.');

  // The OEM: an OEM's staff always their own; platform staff choose; others follow the vehicle they pick.
  const ownOem = caller.roleType === 'oem';
  let oemId = ownOem ? (caller.user.oemId ?? '') : typeof merged.oemId === 'string' ? merged.oemId : '';
  let modelId: string | null = null;
  let vehicleId: string | null = null;
  let model: Awaited<ReturnType<RuleStore['model']>>;
  if (scope === 2) {
    model = typeof merged.modelId === 'string' ? await store.model(merged.modelId) : undefined;
    if (!model || model.kind !== deviceKind || (ownOem && model.oemId !== oemId))
      errors.add('modelId', kindKnown ? `Choose a ${deviceKind} model.` : 'Choose a model.');
    else {
      modelId = model.id;
      oemId = model.oemId;
    }
  }
  if (scope === 3) {
    const oem =
      typeof merged.vehicleId === 'string'
        ? await store.vehicleOem(merged.vehicleId, vehicleScopeOf(caller))
        : undefined;
    if (oem === undefined) errors.add('vehicleId', 'Choose a vehicle.');
    else {
      vehicleId = merged.vehicleId as string;
      oemId = oem;
    }
  }
  if ((scope === 1 || scope === 2) && caller.roleType !== 'platform' && caller.roleType !== 'oem')
    errors.add('scope', 'Your rules watch one vehicle: choose Device.');
  if (scope === 1 && (oemId === '' || !(await store.oemExists(oemId)))) errors.add('oemId', 'Choose an OEM.');

  const keys = kindKnown ? (model?.telemetryTemplate ?? TELEMETRY_TEMPLATES[deviceKind]) : [];
  const conditionOperator = merged.conditionOperator as Rule['conditionOperator'];
  if (conditionOperator !== 1 && conditionOperator !== 2) errors.add('conditionOperator', 'Choose AND or OR.');
  const conditions = readConditions(errors, 'conditions', merged.conditions, keys, true);
  const clearConditions = readConditions(errors, 'clearConditions', merged.clearConditions ?? [], keys, false);
  const pendingSeconds = wholeSeconds(
    errors,
    'pendingSeconds',
    merged.pendingSeconds ?? 0,
    RULE_LIMITS.maxPendingSeconds,
  );
  const cooldownSeconds = wholeSeconds(
    errors,
    'cooldownSeconds',
    merged.cooldownSeconds ?? 0,
    RULE_LIMITS.maxCooldownSeconds,
  );
  const repeatSeconds = wholeSeconds(
    errors,
    'repeatSeconds',
    merged.repeatSeconds ?? 0,
    RULE_LIMITS.maxCooldownSeconds,
  );
  const severity = merged.severity as Rule['severity'];
  if (![1, 2, 3, 4, 5].includes(severity)) errors.add('severity', 'Choose a severity from Low to Emergency.');

  const deliveryMethods = merged.deliveryMethods as number;
  const methodsValid =
    typeof deliveryMethods === 'number' &&
    Number.isInteger(deliveryMethods) &&
    deliveryMethods >= 1 &&
    deliveryMethods <= 63;
  if (!methodsValid) errors.add('deliveryMethods', 'Choose at least one delivery method.');
  const methods = methodsValid ? deliveryMethods : 0;
  const rawRecipients = merged.recipients ?? [];
  const recipients = Array.isArray(rawRecipients)
    ? rawRecipients
        .filter((r): r is string => typeof r === 'string')
        .map((r) => r.trim())
        .filter(Boolean)
    : [];
  if (recipients.length > RULE_LIMITS.maxRecipients)
    errors.add('recipients', `Use at most ${RULE_LIMITS.maxRecipients} recipients.`);
  const recipientProblem = recipientsProblem(recipients, methods);
  if (recipientProblem) errors.add('recipients', recipientProblem);
  let webhookUrl: string | null = null;
  if ((methods & WEB_HOOK) !== 0) {
    const problem = webhookUrlProblem(typeof merged.webhookUrl === 'string' ? merged.webhookUrl : '');
    if (problem) errors.add('webhookUrl', problem);
    else webhookUrl = (merged.webhookUrl as string).trim();
  }
  let commandCode: string | null = null;
  if ((methods & COMMAND) !== 0) {
    const models = model ? [model] : kindKnown && oemId !== '' ? await store.modelsOf(deviceKind, oemId) : [];
    const codes = new Set(models.flatMap((m) => m.commandCodes));
    if (typeof merged.commandCode !== 'string' || !codes.has(merged.commandCode))
      errors.add('commandCode', "Choose a command of the model's commands.");
    else commandCode = merged.commandCode;
  }
  errors.throwIfAny();
  return {
    name,
    description,
    deviceKind,
    scope,
    oemId,
    modelId,
    vehicleId,
    conditionOperator,
    conditions: conditions ?? [],
    clearConditions: clearConditions ?? [],
    pendingSeconds,
    cooldownSeconds,
    repeatSeconds,
    severity,
    deliveryMethods,
    recipients,
    webhookUrl,
    commandCode,
    openTicket: merged.openTicket === true,
    enabled: merged.enabled !== false,
  };
}
