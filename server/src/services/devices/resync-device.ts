import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import type { Caller } from '../lib/caller';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, type Device } from './device-types';
import { deviceInScope } from './get-device';

/** POST /devices/{id}/resync: asks the device to send its state again. Needs the Resync action on the kind's list. */
export async function resyncDevice(deps: DeviceDeps, caller: Caller, input: { id: string }): Promise<Device> {
  const device = await deviceInScope(deps.devices, caller, input.id, ACTION.RESYNC);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.devices.update(device.id, { updatedAt: now.toISOString() });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[device.type],
        entityId: device.id,
        action: 'Resync',
        summary: `Resync requested for ${device.serialNumber}`,
        changes: [],
      },
      now,
    );
    return (await tx.devices.get(device.id, null)) as Device;
  });
}
