import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { DEVICE_GROUP_LIST } from './device-group-list-spec';
import type { DeviceGroupDeps } from './device-group-store';
import { asSeenBy } from './get-device-group';
import { ownerScopeOf } from './owner-scope';

/** GET /device-groups: one page of the groups whose owner is in the caller's scope (needs `su.DG`), with their members now. */
export async function listDeviceGroups(
  deps: DeviceGroupDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['DeviceGroupPage']> {
  requirePermission(caller, 'su.DG');
  const query = parseListQuery(input, DEVICE_GROUP_LIST);
  const { items, total } = await deps.deviceGroups.list(ownerScopeOf(caller), query);
  const seen = [];
  for (const group of items) seen.push(await asSeenBy(deps.deviceGroups, caller, group));
  return { items: seen, total, page: query.page, pageSize: query.pageSize };
}
