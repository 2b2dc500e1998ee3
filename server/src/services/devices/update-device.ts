import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import type { Caller } from '../lib/caller';
import {
  checkOemOfCaller,
  checkSerialFree,
  readDeviceModel,
  readFirmware,
  readImei,
  readSerial,
} from './device-fields';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, type Device } from './device-types';
import { deviceInScope } from './get-device';

/**
 * PATCH /devices/{id}: serial number, firmware version, model (of the same kind and OEM rules as a create; a battery
 * keeps its SoC, SoH and cycle count), IMEI (loggers only). Needs the Update action on the kind's list.
 */
export async function updateDevice(
  deps: DeviceDeps,
  caller: Caller,
  input: { id: string; patch: Schemas['DevicePatch'] },
): Promise<Device> {
  const current = await deviceInScope(deps.devices, caller, input.id, ACTION.UPDATE);
  const { patch } = input;
  const errors = new FieldErrors();
  const changes: Partial<Device> = {};
  const serialNumber = patch.serialNumber === undefined ? undefined : readSerial(errors, patch.serialNumber);
  if (serialNumber !== undefined) changes.serialNumber = serialNumber;
  if (patch.firmwareVersion !== undefined) {
    const firmwareVersion = readFirmware(errors, patch.firmwareVersion);
    if (firmwareVersion !== undefined) changes.firmwareVersion = firmwareVersion;
  }
  if (patch.modelId !== undefined && current.type !== 'LOGGER') {
    const model = await readDeviceModel(deps.devices, errors, current.type, patch.modelId);
    if (model) {
      checkOemOfCaller(caller, errors, model.oemId);
      changes.modelId = model.id;
      changes.oemId = model.oemId;
      if (model.bms) {
        changes.bms = {
          ...model.bms,
          soc: current.bms?.soc ?? 0,
          soh: current.bms?.soh ?? 100,
          cycleCount: current.bms?.cycleCount ?? 0,
        };
      }
      if (model.mcu) changes.mcu = { ...model.mcu };
    }
  }
  if (patch.imei !== undefined) {
    if (current.type !== 'LOGGER') errors.add('imei', 'Only loggers have an IMEI.');
    else {
      const imei = readImei(errors, patch.imei);
      if (imei !== undefined) changes.imei = imei;
    }
  }
  await checkSerialFree(deps.devices, errors, current.type, serialNumber, current.id);

  const now = deps.now();
  const after: Device = { ...current, ...changes, updatedAt: now.toISOString() };
  const changed = diffFields(current, after);
  return deps.transact(async (tx) => {
    await tx.devices.update(current.id, { ...changes, updatedAt: after.updatedAt });
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[current.type],
        entityId: current.id,
        action: 'Update',
        summary: `Updated ${changed.map((c) => c.field).join(', ') || 'nothing'}`,
        changes: changed,
      },
      now,
    );
    return (await tx.devices.get(current.id, null)) as Device;
  });
}
