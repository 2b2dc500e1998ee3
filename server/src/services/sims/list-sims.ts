import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { SIM_LIST } from './sim-list-spec';
import type { SimDeps } from './sim-store';

/** GET /sims: one page of the SIM cards; needs component management. */
export async function listSims(deps: SimDeps, caller: Caller, input: ListParams): Promise<Schemas['SimCardPage']> {
  requirePermission(caller, 'cm');
  const query = parseListQuery(input, SIM_LIST);
  const { items, total } = await deps.sims.list(query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
