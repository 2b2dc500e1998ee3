import type { AuditStore } from '@services/audit/audit-chain';
import type { RuleFilterField, RuleSortField } from '@services/rules/rule-list-spec';
import { ruleInScope } from '@services/rules/rule-scope';
import type {
  RuleDeps,
  RuleModel,
  RuleSampleSource,
  RuleStore,
  RuleTarget as ServiceRuleTarget,
} from '@services/rules/rule-store';
import { fromApi, toApi } from '../handlers/lib/serialize';
import { vehicleTest } from '../handlers/lib/scope';
import type { WorldDb } from '../world/db';
import { faultsByVehicle, type RuleTarget, ruleTargets, samplesOf } from '../world/rule-engine';
import type { ApiRule, Model, Rule, Vehicle } from '../world/types';
import { worldAuditStore } from './audit-store';
import { type MemoryListSpec, memoryList } from './memory-list';
import { type UndoLog, worldTransact } from './world-transaction';

/** Rule fields as the list reads them: the in-memory counterpart of the SQL repository's columns. */
const RULE_COLUMNS: MemoryListSpec<Rule, RuleSortField, RuleFilterField> = {
  sortable: {
    name: (r) => r.name.toLowerCase(),
    updatedAt: (r) => r.updatedAt,
    lastFiredAt: (r) => r.lastFiredAt ?? 0,
    enabled: (r) => (r.enabled ? 1 : 0),
  },
  filterable: { enabled: (r) => r.enabled, scope: (r) => r.scope, deviceKind: (r) => r.deviceKind },
  searchable: [(r) => r.name, (r) => r.description],
  time: (r) => r.updatedAt,
};

const ruleModel = (m: Model): RuleModel => ({
  id: m.id,
  kind: m.kind,
  oemId: m.oemId,
  telemetryTemplate: m.telemetryTemplate.map((k) => ({ ...k })),
  commandCodes: m.commands.map((c) => c.code),
});

interface WorldRuleOptions {
  /** Vehicles the caller's active access grants add to their scope (decision 0079), a demo-only widening. */
  granted?: ((vehicle: Vehicle) => boolean) | undefined;
  /** Inside a transaction: where writes record what they overwrite. */
  undo?: UndoLog | undefined;
}

/** The RuleStore of the services over the demo world's rules (which its rule engine evaluates). */
export function worldRuleStore(db: WorldDb, options: WorldRuleOptions = {}): RuleStore {
  const { undo } = options;
  const asApi = (r: Rule) => toApi<ApiRule>(r);
  return {
    async list(scope, query) {
      const rows = db.tables.rules.all().filter((r) => ruleInScope(scope, r));
      const { items, total } = memoryList(rows, query, RULE_COLUMNS);
      return { items: items.map(asApi), total };
    },
    async get(id, scope) {
      const rule = db.tables.rules.get(id);
      return rule && ruleInScope(scope, rule) ? asApi(rule) : undefined;
    },
    async insert(rule) {
      undo?.touch('rules', rule.id);
      db.tables.rules.insert(fromApi<Rule>(rule));
    },
    async update(id, changes) {
      if (!db.tables.rules.get(id)) return;
      undo?.touch('rules', id);
      db.tables.rules.update(id, fromApi<Partial<Rule>>(changes));
    },
    async delete(id) {
      undo?.touch('rules', id);
      db.tables.rules.remove(id);
    },
    async model(id) {
      const model = db.tables.models.get(id);
      return model && ruleModel(model);
    },
    async modelsOf(kind, oemId) {
      return db.tables.models
        .all()
        .filter((m) => m.kind === kind && m.oemId === oemId)
        .map(ruleModel);
    },
    async vehicleOem(id, scope) {
      const vehicle = db.tables.vehicles.get(id);
      return vehicle && vehicleTest(scope, options.granted)(vehicle) ? vehicle.oemId : undefined;
    },
    async oemExists(id) {
      return db.tables.oems.get(id) !== undefined;
    },
  };
}

/** What "test this rule" evaluates in the demo: the world's vehicles, their simulated telemetry and fault history. */
export function worldRuleSamples(db: WorldDb): RuleSampleSource {
  // The targets handed out, with the world's rows the samples read.
  const handedOut = new WeakMap<ServiceRuleTarget, RuleTarget>();
  let faults: ReturnType<typeof faultsByVehicle> | undefined;
  return {
    async targets(rule, max) {
      const { targets, truncated } = ruleTargets(db, rule, max);
      for (const target of targets) handedOut.set(target, target);
      return { targets, truncated };
    },
    async samples(rule, target, first, last, stepMs) {
      const own = handedOut.get(target);
      if (!own) return [];
      faults ??= faultsByVehicle(db);
      return samplesOf(db, rule, own, first, last, stepMs, faults.get(own.vehicle.id) ?? []);
    },
  };
}

/** The rule services' dependencies over the demo world, for a caller whose grants widen their vehicle scope. */
export function worldRuleDeps(db: WorldDb, granted?: (vehicle: Vehicle) => boolean): RuleDeps {
  return {
    rules: worldRuleStore(db, { granted }),
    samples: worldRuleSamples(db),
    now: () => new Date(),
    transact: worldTransact(db, (undo): { rules: RuleStore; audit: AuditStore } => ({
      rules: worldRuleStore(db, { granted, undo }),
      audit: worldAuditStore(db, undo),
    })),
  };
}
