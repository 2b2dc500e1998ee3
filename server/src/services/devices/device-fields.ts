import { conflict, type FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { DRAFT_MODEL } from '../vehicles/vehicle-fields';
import type { DeviceModelRef, DeviceStore } from './device-store';
import type { DeviceType } from './device-types';

/** Letters and digits, with - _ . / between them: what a device label printer produces. */
const SERIAL = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const MAX_SERIAL = 40;
const MAX_FIRMWARE = 20;

/** A required text field, trimmed, at most `max` characters; undefined after recording why not. */
function readText(errors: FieldErrors, value: unknown, field: string, label: string, max: number) {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add(field, `Enter ${label}.`);
    return undefined;
  }
  const text = value.trim();
  if (text.length > max) {
    errors.add(field, `${label[0]?.toUpperCase()}${label.slice(1)} must be at most ${max} characters.`);
    return undefined;
  }
  return text;
}

export function readSerial(errors: FieldErrors, value: unknown): string | undefined {
  const serial = readText(errors, value, 'serialNumber', 'the serial number', MAX_SERIAL);
  if (serial !== undefined && !SERIAL.test(serial)) {
    errors.add('serialNumber', 'Use letters, digits and - _ . / only.');
    return undefined;
  }
  return serial;
}

export function readFirmware(errors: FieldErrors, value: unknown): string | undefined {
  return readText(errors, value, 'firmwareVersion', 'the firmware version', MAX_FIRMWARE);
}

/** A logger's IMEI: 15 digits. */
export function readImei(errors: FieldErrors, value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{15}$/.test(value)) {
    errors.add('imei', 'The IMEI has 15 digits.');
    return undefined;
  }
  return value;
}

/** A published model of the device's kind (loggers have none: null); undefined after recording why not. */
export async function readDeviceModel(
  store: DeviceStore,
  errors: FieldErrors,
  type: DeviceType,
  modelId: unknown,
): Promise<DeviceModelRef | null | undefined> {
  if (type === 'LOGGER') return null;
  const model = typeof modelId === 'string' && modelId !== '' ? await store.model(modelId) : undefined;
  if (!model || model.kind !== type) {
    errors.add('modelId', `Choose a ${type} model.`);
    return undefined;
  }
  if (model.status !== 1) {
    errors.add('modelId', DRAFT_MODEL);
    return undefined;
  }
  return model;
}

/** An OEM's staff may only work with devices of their OEM. */
export function checkOemOfCaller(caller: Caller, errors: FieldErrors, oemId: string | undefined): void {
  if (caller.roleType === 'oem' && oemId && oemId !== caller.user.oemId)
    errors.add('modelId', 'Choose a model of your OEM.');
}

/** Throws every field error so far, then 409 when the serial number is taken within the kind. */
export async function checkSerialFree(
  store: Pick<DeviceStore, 'serialTaken'>,
  errors: FieldErrors,
  type: DeviceType,
  serial: string | undefined,
  exceptId?: string,
): Promise<void> {
  errors.throwIfAny();
  if (serial !== undefined && (await store.serialTaken(type, serial, exceptId))) {
    throw conflict('A device with this serial number already exists.', { serialNumber: 'Already in use.' });
  }
}
