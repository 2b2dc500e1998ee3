import type { Schemas } from '@services/lib/api-types';
import { cloneRule } from '@services/rules/clone-rule';
import { createRule } from '@services/rules/create-rule';
import { deleteRule } from '@services/rules/delete-rule';
import { getRule } from '@services/rules/get-rule';
import { listRules } from '@services/rules/list-rules';
import { setRuleStatus } from '@services/rules/set-rule-status';
import { testRule } from '@services/rules/test-rule';
import { updateRule } from '@services/rules/update-rule';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldRuleDeps } from '../adapter/rule-store';
import { type RuleEngineOptions, runRules } from '../world/rule-engine';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the rule services' dependencies over the demo world (grants widen the vehicle scope). */
async function ruleCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { db, caller: callerOf(ctx), deps: worldRuleDeps(db, ctx.granted) };
}

/**
 * Rules: list, get, create, update, delete, clone, enable, disable and "test this rule" (permission `rule.l`, audit
 * entity Rule): adapters over the rule services. The demo's engine (its scheduling of the services' evaluator) catches
 * up before a read of the rules and before a change, so a change takes effect from now on, not back in time.
 */
export function createRuleHandlers(http: ApiHttp, engine: RuleEngineOptions = {}) {
  return [
    http.get('/rules', async ({ request, response }) =>
      answering(async () => {
        const { db, deps, caller } = await ruleCall(request);
        await runRules(db, Date.now(), engine);
        return response(200).json(await listRules(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/rules', async ({ request, response }) =>
      answering(async () => {
        const { db, deps, caller } = await ruleCall(request);
        const body = (await readJsonObject(request)) as Schemas['RuleInput'];
        await runRules(db, Date.now(), engine);
        return response(201).json(await createRule(deps, caller, body));
      }),
    ),

    http.post('/rules/test', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await ruleCall(request);
        const body = (await readJsonObject(request)) as Schemas['RuleInput'];
        return response(200).json(await testRule(deps, caller, body));
      }),
    ),

    http.get('/rules/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ruleCall(request);
        return response(200).json(await getRule(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/rules/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { db, deps, caller } = await ruleCall(request);
        const patch = (await readJsonObject(request)) as Schemas['RuleInput'];
        await runRules(db, Date.now(), engine);
        return response(200).json(await updateRule(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/rules/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ruleCall(request);
        await deleteRule(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),

    http.post('/rules/{id}/clone', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await ruleCall(request);
        return response(201).json(await cloneRule(deps, caller, { id: params.id }));
      }),
    ),

    ...(['enable', 'disable'] as const).map((action) =>
      http.post(`/rules/{id}/${action}`, async ({ request, params, response }) =>
        answering(async () => {
          const { db, deps, caller } = await ruleCall(request);
          await runRules(db, Date.now(), engine);
          return response(200).json(await setRuleStatus(deps, caller, { id: params.id, enabled: action === 'enable' }));
        }),
      ),
    ),
  ];
}
