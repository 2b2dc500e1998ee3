import { ACTION } from '@/domain/permissions';
import { appendAudit, diffFields } from '../audit/audit-chain';
import { FieldErrors, validationFailed } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import {
  checkOemOfCaller,
  checkSerialFree,
  readDeviceModel,
  readFirmware,
  readImei,
  readSerial,
} from './device-fields';
import type { DeviceDeps, DeviceStore } from './device-store';
import { DEVICE_AUDIT_ENTITY, DEVICE_LIST_KEY, DEVICE_TYPES, type Device, type DeviceType } from './device-types';

/** The device type of a body, or the contract's 400. */
export function readDeviceType(value: unknown): DeviceType {
  const type = DEVICE_TYPES.find((t) => t === value);
  if (!type) throw validationFailed({ type: 'Choose BMS, MCU, VCU or LOGGER.' });
  return type;
}

/**
 * A new device from a create body (form or import row), unfitted, active, not reported yet (state SNA): a published
 * model of its kind (which sets its OEM and spec), or for a logger its OEM; an IMEI for loggers only. Throws 400 with
 * every field error, then 409 for a serial number taken within the kind.
 */
export async function buildDevice(
  deps: Pick<DeviceDeps, 'devices' | 'now'>,
  caller: Caller,
  type: DeviceType,
  input: Omit<Schemas['DeviceInput'], 'type'>,
  serials: Pick<DeviceStore, 'serialTaken'> = deps.devices,
): Promise<Device> {
  const errors = new FieldErrors();
  const serialNumber = readSerial(errors, input.serialNumber);
  const firmwareVersion = readFirmware(errors, input.firmwareVersion);
  const model = await readDeviceModel(deps.devices, errors, type, input.modelId);
  let imei: string | undefined;
  if (input.imei !== undefined) {
    if (type !== 'LOGGER') errors.add('imei', 'Only loggers have an IMEI.');
    else imei = readImei(errors, input.imei);
  }
  let oemId = model?.oemId;
  if (type === 'LOGGER') {
    oemId = typeof input.oemId === 'string' ? input.oemId : (caller.user.oemId ?? undefined);
    if (!oemId || !(await deps.devices.oemExists(oemId))) errors.add('oemId', 'Choose the OEM.');
  }
  checkOemOfCaller(caller, errors, oemId);
  await checkSerialFree(serials, errors, type, serialNumber);
  if (!serialNumber || !firmwareVersion || !oemId || model === undefined) {
    throw new Error('unreachable: fields were checked');
  }
  const at = deps.now().toISOString();
  const device: Device = {
    id: `${type.toLowerCase()}-${crypto.randomUUID()}`,
    type,
    serialNumber,
    modelId: model ? model.id : null,
    oemId,
    vehicleId: null,
    firmwareVersion,
    status: 1,
    state: 'F',
    isLive: false,
    lastSeenAt: at,
    createdAt: at,
    updatedAt: at,
  };
  if (model?.bms) device.bms = { ...model.bms, soc: 0, soh: 100, cycleCount: 0 };
  if (model?.mcu) device.mcu = { ...model.mcu };
  if (imei) device.imei = imei;
  return device;
}

/** POST /devices: needs the Add action on the kind's list. */
export async function createDevice(deps: DeviceDeps, caller: Caller, input: Schemas['DeviceInput']): Promise<Device> {
  const type = readDeviceType(input.type);
  requirePermission(caller, DEVICE_LIST_KEY[type], ACTION.ADD);
  const device = await buildDevice(deps, caller, type, input);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await tx.devices.insert(device);
    await appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[type],
        entityId: device.id,
        action: 'Add',
        summary: `Added ${type} ${device.serialNumber}`,
        changes: diffFields(null, device),
      },
      now,
    );
    return (await tx.devices.get(device.id, null)) as Device;
  });
}
