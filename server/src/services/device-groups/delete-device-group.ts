import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import type { DeviceGroupDeps } from './device-group-store';
import { DEVICE_GROUP_AUDIT_ENTITY } from './device-group-types';
import { deviceGroupOr404 } from './get-device-group';

/** DELETE /device-groups/{id}: needs `su.DG` with Delete; a group whose owner is outside the caller's scope is 404. */
export async function deleteDeviceGroup(deps: DeviceGroupDeps, caller: Caller, input: { id: string }): Promise<void> {
  const group = await deviceGroupOr404(deps.deviceGroups, caller, input.id, ACTION.DELETE);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.deviceGroups.delete(group.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_GROUP_AUDIT_ENTITY,
        entityId: group.id,
        action: 'Delete',
        summary: `Deleted device group ${group.name}`,
        changes: diffFields(group, null),
      },
      now,
    );
  });
}
