import { ACTION } from '@/domain/permissions';
import { notFound } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { groupMembers } from './device-group-fields';
import type { DeviceGroupDeps, DeviceGroupStore } from './device-group-store';
import type { DeviceGroup, DeviceGroupRecord } from './device-group-types';
import { ownerInScope, ownerScopeOf } from './owner-scope';

/**
 * The group (as stored), or the contract's 404 when there is none or its owner is outside the caller's scope; the
 * caller needs `action` (default List) on `su.DG` first.
 */
export async function deviceGroupOr404(
  store: DeviceGroupStore,
  caller: Caller,
  id: string,
  action: number = ACTION.LIST,
): Promise<DeviceGroupRecord> {
  requirePermission(caller, 'su.DG', action);
  const group = await store.get(id);
  const owner = group && (await store.owner(group.ownerKind, group.ownerId));
  if (!group || !owner || !ownerInScope(ownerScopeOf(caller), owner)) throw notFound('Device group');
  return group;
}

/** The group as the caller sees it: its owner's name and its members now, among the vehicles in their scope. */
export async function asSeenBy(
  store: DeviceGroupStore,
  caller: Caller,
  group: DeviceGroupRecord,
): Promise<DeviceGroup> {
  const owner = await store.owner(group.ownerKind, group.ownerId);
  return { ...group, ownerName: owner?.name ?? group.ownerId, vehicleIds: await groupMembers(store, caller, group) };
}

/** GET /device-groups/{id}. */
export async function getDeviceGroup(
  deps: DeviceGroupDeps,
  caller: Caller,
  input: { id: string },
): Promise<DeviceGroup> {
  return asSeenBy(deps.deviceGroups, caller, await deviceGroupOr404(deps.deviceGroups, caller, input.id));
}
