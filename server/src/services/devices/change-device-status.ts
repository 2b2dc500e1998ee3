import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { validationFailed } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, type Device } from './device-types';
import { deviceInScope } from './get-device';

/** POST /devices/{id}/status: activate (1) or deactivate (0). Needs the Change Status action on the kind's list. */
export async function changeDeviceStatus(
  deps: DeviceDeps,
  caller: Caller,
  input: { id: string; body: Schemas['StatusInput'] },
): Promise<Device> {
  const device = await deviceInScope(deps.devices, caller, input.id, ACTION.CHANGE_STATUS);
  const status = input.body.status;
  if (status !== 0 && status !== 1) throw validationFailed({ status: 'Status is 0 (inactive) or 1 (active).' });
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.devices.update(device.id, { status, updatedAt: now.toISOString() });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[device.type],
        entityId: device.id,
        action: 'Change Status',
        summary: status === 1 ? 'Activated' : 'Deactivated',
        changes: device.status === status ? [] : [{ field: 'status', before: device.status, after: status }],
      },
      now,
    );
    return (await tx.devices.get(device.id, null)) as Device;
  });
}
