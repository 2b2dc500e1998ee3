import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { checkSerialFree, readSerial } from './device-fields';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, type Device } from './device-types';
import { deviceInScope } from './get-device';

/**
 * POST /devices/{id}/clone: a new device of the same kind, model, OEM, firmware and spec under a new serial number,
 * unfitted and not reported yet. Needs the Clone action on the kind's list.
 */
export async function cloneDevice(
  deps: DeviceDeps,
  caller: Caller,
  input: { id: string; body: { serialNumber: string } },
): Promise<Device> {
  const source = await deviceInScope(deps.devices, caller, input.id, ACTION.CLONE);
  const errors = new FieldErrors();
  const serialNumber = readSerial(errors, input.body.serialNumber);
  await checkSerialFree(deps.devices, errors, source.type, serialNumber);
  if (!serialNumber) throw new Error('unreachable: fields were checked');
  const now = deps.now();
  const at = now.toISOString();
  const clone: Device = {
    ...source,
    id: `${source.type.toLowerCase()}-${crypto.randomUUID()}`,
    serialNumber,
    vehicleId: null,
    isLive: false,
    state: 'F',
    lastSeenAt: at,
    createdAt: at,
    updatedAt: at,
  };
  return deps.transact(async (tx) => {
    await tx.devices.insert(clone);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[source.type],
        entityId: clone.id,
        action: 'Clone',
        summary: `Cloned ${source.serialNumber} as ${serialNumber}`,
        changes: diffFields(null, clone),
      },
      now,
    );
    return (await tx.devices.get(clone.id, null)) as Device;
  });
}
