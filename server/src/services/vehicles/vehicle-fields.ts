import { conflict, type FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import type { EvModelRef, VehicleData, VehicleStore } from './vehicle-store';

export const CONNECTIVITY = ['Wi-Fi', 'GSM', '3G', '4G', '5G'] as const;
const VIN = /^[A-Z0-9]{17}$/;
const MAX_REGISTRATION = 20;

/** A model still in its configuration flow cannot be used: the same words for vehicles and devices. */
export const DRAFT_MODEL = 'This model is a draft: publish it before using it.';

/** The VIN upper-cased and checked (17 letters and digits); the 409 for a taken VIN comes after every field error. */
export function readVin(errors: FieldErrors, value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add('vin', 'Enter the VIN.');
    return undefined;
  }
  const vin = value.trim().toUpperCase();
  if (!VIN.test(vin)) errors.add('vin', 'The VIN has 17 letters and digits.');
  return vin;
}

export function readRegistration(errors: FieldErrors, value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') errors.add('registrationNumber', 'Enter the registration number.');
  else if (text.length > MAX_REGISTRATION) {
    errors.add('registrationNumber', `The registration number has at most ${MAX_REGISTRATION} characters.`);
  }
  return text === '' ? undefined : text;
}

/** An EV model the caller may use: published, and for an OEM one of its own. */
export async function readEvModel(
  store: VehicleStore,
  caller: Caller,
  errors: FieldErrors,
  modelId: string,
): Promise<EvModelRef | undefined> {
  const model = await store.evModel(modelId);
  if (!model || (caller.roleType === 'oem' && model.oemId !== caller.user.oemId)) {
    errors.add('modelId', 'No EV model you may use has this id.');
    return undefined;
  }
  if (model.status !== 1) {
    errors.add('modelId', DRAFT_MODEL);
    return undefined;
  }
  return model;
}

export function readConnectivity(errors: FieldErrors, value: unknown): VehicleData['connectivity'] | undefined {
  if (!CONNECTIVITY.includes(value as never)) {
    errors.add('connectivity', 'Choose the connectivity.');
    return undefined;
  }
  return value as VehicleData['connectivity'];
}

/** Throws every field error so far, then 409 when the VIN is taken. */
export async function checkVinFree(
  store: VehicleStore,
  errors: FieldErrors,
  vin: string | undefined,
  exceptId?: string,
) {
  errors.throwIfAny();
  if (vin !== undefined && (await store.vinTaken(vin, exceptId))) {
    throw conflict('A vehicle with this VIN already exists.', { vin: 'A vehicle with this VIN already exists.' });
  }
}

type Owners = Pick<VehicleData, 'dealerId' | 'fleetId' | 'evOwnerId' | 'driverId'>;

/** The owner ids of a new vehicle, checked to exist; service-centre and fleet callers keep their own. */
export async function readOwners(
  store: VehicleStore,
  caller: Caller,
  errors: FieldErrors,
  input: Partial<Owners>,
): Promise<Owners> {
  const dealerId = input.dealerId ?? null;
  const fleetId = input.fleetId ?? null;
  const evOwnerId = input.evOwnerId ?? null;
  const driverId = input.driverId ?? null;
  if (dealerId && !(await store.partyExists('dealer', dealerId))) {
    errors.add('dealerId', 'Choose an existing service centre.');
  }
  if (fleetId && !(await store.partyExists('fleet', fleetId))) errors.add('fleetId', 'Choose an existing fleet.');
  if (evOwnerId && !(await store.partyExists('evOwner', evOwnerId))) {
    errors.add('evOwnerId', 'Choose an existing EV owner.');
  }
  const driverFleet = driverId ? await store.driverFleet(driverId) : undefined;
  if (driverId && driverFleet === undefined) errors.add('driverId', 'Choose an existing driver.');
  if (driverFleet !== undefined && fleetId && driverFleet !== fleetId) {
    errors.add('driverId', 'The driver belongs to another fleet.');
  }
  return {
    dealerId: caller.roleType === 'dealer' ? caller.user.dealerId : dealerId,
    fleetId: caller.roleType === 'fleet' ? caller.user.fleetId : (fleetId ?? driverFleet ?? null),
    evOwnerId,
    driverId,
  };
}
