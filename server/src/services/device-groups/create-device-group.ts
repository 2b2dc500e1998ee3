import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { readGroupFields } from './device-group-fields';
import type { DeviceGroupDeps } from './device-group-store';
import { DEVICE_GROUP_AUDIT_ENTITY, type DeviceGroup, type DeviceGroupRecord } from './device-group-types';
import { asSeenBy } from './get-device-group';

/** POST /device-groups: needs `su.DG` with Add. Throws 400 with every field error; writes nothing then. */
export async function createDeviceGroup(
  deps: DeviceGroupDeps,
  caller: Caller,
  input: Schemas['DeviceGroupInput'],
): Promise<DeviceGroup> {
  requirePermission(caller, 'su.DG', ACTION.ADD);
  const { fields } = await readGroupFields(deps.deviceGroups, caller, input as Record<string, unknown>);
  const now = deps.now();
  const at = now.toISOString();
  const group: DeviceGroupRecord = { id: `dgr-${crypto.randomUUID()}`, ...fields, createdAt: at, updatedAt: at };
  return deps.transact(async (tx) => {
    await tx.deviceGroups.insert(group);
    const after = (await tx.deviceGroups.get(group.id)) as DeviceGroupRecord;
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_GROUP_AUDIT_ENTITY,
        entityId: group.id,
        action: 'Add',
        summary: `Added device group ${group.name}`,
        changes: diffFields(null, after),
      },
      now,
    );
    return asSeenBy(tx.deviceGroups, caller, after);
  });
}
