import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { FAULT_LIST } from './fault-list-spec';
import { faultScopeOf } from './fault-scope';
import type { FaultDeps } from './fault-store';
import { FAULT_READ_KEYS } from './fault-types';

/** GET /faults: one page of the fault and alert occurrences in the caller's scope. */
export async function listFaults(deps: FaultDeps, caller: Caller, input: ListParams): Promise<Schemas['FaultPage']> {
  requirePermission(caller, { anyOf: FAULT_READ_KEYS });
  const query = parseListQuery(input, FAULT_LIST);
  const { items, total } = await deps.faults.list(faultScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
