import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { asSeenBy } from './get-geofence';
import { GEOFENCE_LIST } from './geofence-list-spec';
import type { GeofenceDeps } from './geofence-store';

/** GET /geofences: one page of every geofence (needs `gr`), each with only the assigned vehicles in the caller's scope. */
export async function listGeofences(
  deps: GeofenceDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['GeofencePage']> {
  requirePermission(caller, 'gr');
  const query = parseListQuery(input, GEOFENCE_LIST);
  const { items, total } = await deps.geofences.list(query);
  return { items: await asSeenBy(deps.geofences, caller, items), total, page: query.page, pageSize: query.pageSize };
}
