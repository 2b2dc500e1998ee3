import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import type { SimDeps, SimStore } from './sim-store';
import type { SimCard } from './sim-types';

/** The SIM card, or the contract's 404; the caller needs `action` (default List) on component management first. */
export async function simOr404(
  store: SimStore,
  caller: Caller,
  id: string,
  action: number = ACTION.LIST,
): Promise<SimCard> {
  requirePermission(caller, 'cm', action);
  const sim = await store.get(id);
  if (!sim) throw notFound('SIM card');
  return sim;
}

/** GET /sims/{id}. */
export async function getSim(deps: SimDeps, caller: Caller, input: { id: string }): Promise<SimCard> {
  return simOr404(deps.sims, caller, input.id);
}
