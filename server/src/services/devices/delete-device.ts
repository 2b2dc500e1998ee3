import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY } from './device-types';
import { deviceInScope } from './get-device';

/** DELETE /devices/{id}: the device goes and its vehicle no longer carries it. Needs the Delete action on its kind. */
export async function deleteDevice(deps: DeviceDeps, caller: Caller, input: { id: string }): Promise<void> {
  const device = await deviceInScope(deps.devices, caller, input.id, ACTION.DELETE);
  const now = deps.now();
  await deps.transact(async (tx) => {
    await tx.devices.delete(device.id);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[device.type],
        entityId: device.id,
        action: 'Delete',
        summary: `Deleted ${device.type} ${device.serialNumber}`,
        changes: diffFields(device, null),
      },
      now,
    );
  });
}
