import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { cloneRule } from '../../services/rules/clone-rule';
import { createRule } from '../../services/rules/create-rule';
import { deleteRule } from '../../services/rules/delete-rule';
import { getRule } from '../../services/rules/get-rule';
import { listRules } from '../../services/rules/list-rules';
import { setRuleStatus } from '../../services/rules/set-rule-status';
import { testRule } from '../../services/rules/test-rule';
import { updateRule } from '../../services/rules/update-rule';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Rules: list, read, create, test, edit, delete, clone, enable and disable. */
export function ruleRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.rules;
  return {
    listRules: async (request) => listRules(d, callerOf(request), request.query as ListParams),
    getRule: async (request) => getRule(d, callerOf(request), request.params as IdParams),
    createRule: async (request, reply) =>
      reply.code(201).send(await createRule(d, callerOf(request), request.body as Schemas['RuleInput'])),
    testRule: async (request) => testRule(d, callerOf(request), request.body as Schemas['RuleInput']),
    updateRule: async (request) =>
      updateRule(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['RuleInput'],
      }),
    deleteRule: async (request, reply) => {
      await deleteRule(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
    cloneRule: async (request, reply) =>
      reply.code(201).send(await cloneRule(d, callerOf(request), request.params as IdParams)),
    enableRule: async (request) =>
      setRuleStatus(d, callerOf(request), { id: (request.params as IdParams).id, enabled: true }),
    disableRule: async (request) =>
      setRuleStatus(d, callerOf(request), { id: (request.params as IdParams).id, enabled: false }),
  };
}
