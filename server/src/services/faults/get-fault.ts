import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { faultScopeOf } from './fault-scope';
import type { FaultDeps, FaultStore } from './fault-store';
import { FAULT_READ_KEYS, type Fault } from './fault-types';

/** The fault in the caller's scope, or the contract's 404 (one outside the scope is not told apart from none). */
export async function faultOr404(store: FaultStore, caller: Caller, id: string): Promise<Fault> {
  const fault = await store.get(id, faultScopeOf(caller));
  if (!fault) throw notFound('Fault');
  return fault;
}

/** GET /faults/{id}. */
export async function getFault(deps: FaultDeps, caller: Caller, input: { id: string }): Promise<Fault> {
  requirePermission(caller, { anyOf: FAULT_READ_KEYS });
  return faultOr404(deps.faults, caller, input.id);
}
