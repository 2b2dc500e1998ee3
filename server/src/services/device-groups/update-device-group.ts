import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import { readGroupFields } from './device-group-fields';
import type { DeviceGroupDeps } from './device-group-store';
import { DEVICE_GROUP_AUDIT_ENTITY, type DeviceGroup, type DeviceGroupRecord } from './device-group-types';
import { asSeenBy, deviceGroupOr404 } from './get-device-group';

/** PATCH /device-groups/{id}: the whole group again, with the checks of a create. Needs `su.DG` with Update. */
export async function updateDeviceGroup(
  deps: DeviceGroupDeps,
  caller: Caller,
  input: { id: string; body: Schemas['DeviceGroupInput'] },
): Promise<DeviceGroup> {
  const current = await deviceGroupOr404(deps.deviceGroups, caller, input.id, ACTION.UPDATE);
  const { fields } = await readGroupFields(deps.deviceGroups, caller, input.body as Record<string, unknown>);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.deviceGroups.update(current.id, { ...fields, updatedAt: now.toISOString() });
    const after = (await tx.deviceGroups.get(current.id)) as DeviceGroupRecord;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_GROUP_AUDIT_ENTITY,
        entityId: current.id,
        action: 'Update',
        summary: `Updated device group ${after.name}`,
        changes: diffFields(current, after),
      },
      now,
    );
    return asSeenBy(tx.deviceGroups, caller, after);
  });
}
