import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { validationFailed } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { vehicleScopeOf } from '../vehicles/vehicle-scope';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, type Device } from './device-types';
import { deviceInScope } from './get-device';

/**
 * POST /devices/{id}/assign: fits the device to a vehicle in the caller's scope (unfitting whatever that vehicle
 * carried in the slot), or with `vehicleId: null` removes it from its vehicle. Needs the Assign (or Unassign) action on
 * the kind's list.
 */
export async function assignDevice(
  deps: DeviceDeps,
  caller: Caller,
  input: { id: string; body: { vehicleId: string | null } },
): Promise<Device> {
  const { vehicleId } = input.body;
  if (vehicleId !== null && (typeof vehicleId !== 'string' || vehicleId === '')) {
    throw validationFailed({ vehicleId: 'Choose a vehicle or none.' });
  }
  const device = await deviceInScope(
    deps.devices,
    caller,
    input.id,
    vehicleId === null ? ACTION.UNASSIGN : ACTION.ASSIGN,
  );
  const target = vehicleId === null ? undefined : await deps.devices.vehicle(vehicleId, vehicleScopeOf(caller));
  if (vehicleId !== null && !target) throw validationFailed({ vehicleId: 'Choose an existing vehicle.' });
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.devices.fit(device, target?.id ?? null, now.toISOString());
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[device.type],
        entityId: device.id,
        action: target ? 'Assign' : 'Unassign',
        summary: target ? `Fitted to vehicle ${target.vin}` : 'Removed from its vehicle',
        changes:
          device.vehicleId === (target?.id ?? null)
            ? []
            : [{ field: 'vehicleId', before: device.vehicleId, after: target?.id ?? null }],
      },
      now,
    );
    return (await tx.devices.get(device.id, null)) as Device;
  });
}
