import { ACTION } from '@/domain/permissions';
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
import type { WorldDb } from '../world/db';
import { TELEMETRY_TEMPLATES } from '../world/model-catalog';
import { type RuleEngineOptions, runRules, testRule } from '../world/rule-engine';
import type { ApiRule, Rule } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { type AuthContext, requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { FieldErrors, readJsonObject } from './lib/body';
import { notFound } from './lib/http-error';
import { applyListQuery, type ListSpec, parseListQuery } from './lib/list-query';
import { vehicleFilterFor } from './lib/scope';
import { toApi } from './lib/serialize';

export const RULE_LIST: ListSpec<Rule> = {
  sortable: {
    name: (r) => r.name.toLowerCase(),
    updatedAt: (r) => r.updatedAt,
    lastFiredAt: (r) => r.lastFiredAt ?? 0,
    enabled: (r) => (r.enabled ? 1 : 0),
  },
  filterable: { enabled: (r) => r.enabled, scope: (r) => r.scope, deviceKind: (r) => r.deviceKind },
  searchable: [(r) => r.name, (r) => r.description],
  defaultSort: [{ field: 'name', direction: 'asc' }],
};

/** Platform staff see every rule, an OEM its own, anyone else (a fleet admin) the rules they created. */
function canSee(ctx: AuthContext, rule: Rule): boolean {
  if (ctx.roleType === 'platform') return true;
  if (ctx.roleType === 'oem') return rule.oemId === ctx.user.oemId;
  return rule.createdBy === ctx.user.id;
}

function ruleOr404(ctx: AuthContext, db: WorldDb, id: string): Rule {
  const rule = db.tables.rules.get(id);
  if (!rule || !canSee(ctx, rule)) throw notFound('Rule');
  return rule;
}

/** The telemetry keys a rule may test: the template of its model, or of its kind for an OEM- or vehicle-wide rule. */
function keysOf(db: WorldDb, kind: Rule['deviceKind'], modelId: string | null): KeyRange[] {
  const model = modelId ? db.tables.models.get(modelId) : undefined;
  return (model?.telemetryTemplate ?? TELEMETRY_TEMPLATES[kind]).map((k) => ({ ...k }));
}

function readConditions(errors: FieldErrors, field: string, raw: unknown, keys: KeyRange[], required: boolean) {
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
    const condition: RuleConditionValue = {
      kind: candidate.kind === 'fault' ? 'fault' : 'telemetry',
      key: typeof candidate.key === 'string' && candidate.key !== '' ? candidate.key : null,
      comparator: (COMPARATORS as readonly unknown[]).includes(candidate.comparator)
        ? (candidate.comparator as RuleConditionValue['comparator'])
        : ('' as RuleConditionValue['comparator']),
      value: typeof candidate.value === 'number' ? candidate.value : Number.NaN,
    };
    if (candidate.kind !== 'fault' && candidate.kind !== 'telemetry') {
      errors.add(`${field}.${i}`, 'Choose telemetry or fault.');
      return;
    }
    const problem = conditionProblem(condition, keys);
    if (problem) errors.add(`${field}.${i}`, problem);
    else out.push(condition);
  });
  return out;
}

function wholeSeconds(errors: FieldErrors, field: string, value: unknown, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    errors.add(field, `Enter whole seconds from 0 to ${max}.`);
    return undefined;
  }
  return value;
}

type RuleFields = Omit<Rule, 'id' | 'lastFiredAt' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** Reads a whole rule from a body (PATCH: merged over the current rule first), every problem at once. */
function readRule(ctx: AuthContext, db: WorldDb, body: Record<string, unknown>, current: Rule | null): RuleFields {
  const merged: Record<string, unknown> = { ...(current ?? {}), ...body };
  const errors = new FieldErrors();
  const name = typeof merged.name === 'string' ? merged.name.trim() : '';
  if (name === '') errors.add('name', 'Enter a name.');
  else if (name.length > 80) errors.add('name', 'Use at most 80 characters.');
  const description = typeof merged.description === 'string' ? merged.description.trim() : '';
  if (description.length > 500) errors.add('description', 'Use at most 500 characters.');

  const deviceKind = merged.deviceKind as Rule['deviceKind'];
  if (!RULE_DEVICE_KINDS.includes(deviceKind)) errors.add('deviceKind', 'Choose EV, BMS, MCU or VCU.');
  const scope = merged.scope as Rule['scope'];
  if (scope !== 1 && scope !== 2 && scope !== 3) errors.add('scope', 'Choose OEM, Model or Device.');

  // The OEM: an OEM's staff always their own; platform staff choose; others follow the vehicle they pick.
  let oemId = typeof merged.oemId === 'string' ? merged.oemId : '';
  if (ctx.roleType === 'oem') oemId = ctx.user.oemId ?? '';
  let modelId: string | null = null;
  let vehicleId: string | null = null;
  if (scope === 2) {
    const model = typeof merged.modelId === 'string' ? db.tables.models.get(merged.modelId) : undefined;
    if (!model || model.kind !== deviceKind || (ctx.roleType === 'oem' && model.oemId !== oemId))
      errors.add('modelId', `Choose a ${deviceKind ?? ''} model.`.replace('  ', ' '));
    else {
      modelId = model.id;
      oemId = model.oemId;
    }
  }
  if (scope === 3) {
    const vehicle = typeof merged.vehicleId === 'string' ? db.tables.vehicles.get(merged.vehicleId) : undefined;
    if (!vehicle || !vehicleFilterFor(ctx)(vehicle)) errors.add('vehicleId', 'Choose a vehicle.');
    else {
      vehicleId = vehicle.id;
      oemId = vehicle.oemId;
    }
  }
  if ((scope === 1 || scope === 2) && ctx.roleType !== 'platform' && ctx.roleType !== 'oem')
    errors.add('scope', 'Your rules watch one vehicle: choose Device.');
  if (scope === 1 && !db.tables.oems.get(oemId)) errors.add('oemId', 'Choose an OEM.');

  const keys = RULE_DEVICE_KINDS.includes(deviceKind) ? keysOf(db, deviceKind, modelId) : [];
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
  if (
    typeof deliveryMethods !== 'number' ||
    !Number.isInteger(deliveryMethods) ||
    deliveryMethods < 1 ||
    deliveryMethods > 63
  )
    errors.add('deliveryMethods', 'Choose at least one delivery method.');
  const rawRecipients = merged.recipients ?? [];
  const recipients = Array.isArray(rawRecipients)
    ? rawRecipients
        .filter((r): r is string => typeof r === 'string')
        .map((r) => r.trim())
        .filter(Boolean)
    : [];
  if (recipients.length > RULE_LIMITS.maxRecipients)
    errors.add('recipients', `Use at most ${RULE_LIMITS.maxRecipients} recipients.`);
  const recipientProblem = recipientsProblem(recipients, deliveryMethods || 0);
  if (recipientProblem) errors.add('recipients', recipientProblem);
  let webhookUrl: string | null = null;
  if ((deliveryMethods & 8) !== 0) {
    const problem = webhookUrlProblem(typeof merged.webhookUrl === 'string' ? merged.webhookUrl : '');
    if (problem) errors.add('webhookUrl', problem);
    else webhookUrl = (merged.webhookUrl as string).trim();
  }
  let commandCode: string | null = null;
  if ((deliveryMethods & 32) !== 0) {
    const models = modelId
      ? [db.tables.models.get(modelId)]
      : db.tables.models.all().filter((m) => m.kind === deviceKind && m.oemId === oemId);
    const codes = new Set(models.flatMap((m) => m?.commands.map((c) => c.code) ?? []));
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
    pendingSeconds: pendingSeconds ?? 0,
    cooldownSeconds: cooldownSeconds ?? 0,
    repeatSeconds: repeatSeconds ?? 0,
    severity,
    deliveryMethods,
    recipients,
    webhookUrl,
    commandCode,
    openTicket: merged.openTicket === true,
    enabled: merged.enabled !== false,
  };
}

const asApi = (rule: Rule) => toApi<ApiRule>(rule);

/** Rules: list, get, create, update, delete, clone, enable, disable and "test this rule" (permission `rule.l`). */
export function createRuleHandlers(http: ApiHttp, engine: RuleEngineOptions = {}) {
  return [
    http.get('/rules', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l');
      if (runRules(db, Date.now(), engine).length > 0) await db.persist();
      const rows = db.tables.rules.all().filter((r) => canSee(ctx, r));
      const page = applyListQuery(rows, parseListQuery(new URL(request.url), RULE_LIST), RULE_LIST);
      return response(200).json({ ...page, items: page.items.map(asApi) });
    }),

    http.post('/rules', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l', ACTION.ADD);
      // The engine catches up before a rule changes, so the change takes effect from now on (not back in time).
      runRules(db, Date.now(), engine);
      const fields = readRule(ctx, db, await readJsonObject(request), null);
      const now = Date.now();
      const rule: Rule = {
        id: `rule-${crypto.randomUUID()}`,
        ...fields,
        lastFiredAt: null,
        createdBy: ctx.user.id,
        createdAt: now,
        updatedAt: now,
      };
      db.tables.rules.insert(rule);
      await recordAudit(db, ctx, 'Rule', rule.id, 'Add', `Added rule ${rule.name}`);
      await db.persist();
      return response(201).json(asApi(rule));
    }),

    http.post('/rules/test', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l');
      const fields = readRule(ctx, db, await readJsonObject(request), null);
      const result = testRule(db, fields, Date.now());
      return response(200).json({
        from: new Date(result.from).toISOString(),
        to: new Date(result.to).toISOString(),
        vehicles: result.vehicles,
        truncated: result.truncated,
        firings: result.firings.slice(0, 500).map((f) => ({
          vehicleId: f.vehicleId,
          firedAt: new Date(f.firedAt).toISOString(),
          clearedAt: f.clearedAt === null ? null : new Date(f.clearedAt).toISOString(),
        })),
      });
    }),

    http.get('/rules/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l');
      return response(200).json(asApi(ruleOr404(ctx, db, params.id)));
    }),

    http.patch('/rules/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l', ACTION.UPDATE);
      const current = ruleOr404(ctx, db, params.id);
      runRules(db, Date.now(), engine);
      const body = await readJsonObject(request);
      // Switching a rule on or off is its own action (Change Status), not an edit.
      if (body.enabled !== undefined && body.enabled !== current.enabled)
        requirePermission(ctx, 'rule.l', ACTION.CHANGE_STATUS);
      const fields = readRule(ctx, db, body, current);
      const updated = db.tables.rules.update(current.id, { ...fields, updatedAt: Date.now() }) as Rule;
      await recordAudit(db, ctx, 'Rule', current.id, 'Update', `Updated rule ${updated.name}`);
      await db.persist();
      return response(200).json(asApi(updated));
    }),

    http.delete('/rules/{id}', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l', ACTION.DELETE);
      const rule = ruleOr404(ctx, db, params.id);
      db.tables.rules.remove(rule.id);
      await recordAudit(db, ctx, 'Rule', rule.id, 'Delete', `Deleted rule ${rule.name}`);
      await db.persist();
      return response(204).empty();
    }),

    http.post('/rules/{id}/clone', async ({ request, params, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'rule.l', ACTION.CLONE);
      const source = ruleOr404(ctx, db, params.id);
      const now = Date.now();
      const copy: Rule = {
        ...source,
        id: `rule-${crypto.randomUUID()}`,
        name: `Copy of ${source.name}`.slice(0, 80),
        enabled: false,
        lastFiredAt: null,
        createdBy: ctx.user.id,
        createdAt: now,
        updatedAt: now,
      };
      db.tables.rules.insert(copy);
      await recordAudit(db, ctx, 'Rule', copy.id, 'Clone', `Cloned rule ${source.name} as ${copy.name}`);
      await db.persist();
      return response(201).json(asApi(copy));
    }),

    ...(['enable', 'disable'] as const).map((action) =>
      http.post(`/rules/{id}/${action}`, async ({ request, params, response }) => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        requirePermission(ctx, 'rule.l', ACTION.CHANGE_STATUS);
        const rule = ruleOr404(ctx, db, params.id);
        const enabled = action === 'enable';
        runRules(db, Date.now(), engine);
        if (rule.enabled === enabled) return response(200).json(asApi(rule));
        const updated = db.tables.rules.update(rule.id, { enabled, updatedAt: Date.now() }) as Rule;
        await recordAudit(
          db,
          ctx,
          'Rule',
          rule.id,
          'Change Status',
          `${enabled ? 'Enabled' : 'Disabled'} rule ${rule.name}`,
        );
        await db.persist();
        return response(200).json(asApi(updated));
      }),
    ),
  ];
}
