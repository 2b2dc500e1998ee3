import { conflict, type FieldErrors } from '../lib/app-error';
import type { Caller } from '../lib/caller';
import { partyInScope } from './party-scope';
import type { EvModelRef, PartyKind, PartyRef, VehicleData, VehicleStore } from './vehicle-store';

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
  store: Pick<VehicleStore, 'vinTaken'>,
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

const PARTY_WORDS: Record<PartyKind, string> = {
  dealer: 'service centre',
  fleet: 'fleet',
  evOwner: 'EV owner',
  driver: 'driver',
};

/** The owner if it exists and the caller may give vehicles to it; else a field error and undefined. */
export async function readParty(
  store: VehicleStore,
  caller: Caller,
  errors: FieldErrors,
  field: string,
  kind: PartyKind,
  id: string,
): Promise<PartyRef | undefined> {
  const party = await store.party(kind, id);
  if (!party || !partyInScope(caller, kind, party)) {
    errors.add(field, `Choose an existing ${PARTY_WORDS[kind]} you manage.`);
    return undefined;
  }
  return party;
}

/** The owner ids of a new vehicle, checked to exist and be the caller's; service-centre and fleet callers keep their own. */
export async function readOwners(
  store: VehicleStore,
  caller: Caller,
  errors: FieldErrors,
  input: Partial<Owners>,
): Promise<Owners> {
  const read = async (field: keyof Owners, kind: PartyKind) => {
    const id = input[field];
    return id ? readParty(store, caller, errors, field, kind, id) : undefined;
  };
  const dealer = await read('dealerId', 'dealer');
  const fleet = await read('fleetId', 'fleet');
  const evOwner = await read('evOwnerId', 'evOwner');
  const driver = await read('driverId', 'driver');
  if (driver && fleet && driver.fleetId !== fleet.id) errors.add('driverId', 'The driver belongs to another fleet.');
  return {
    dealerId: caller.roleType === 'dealer' ? caller.user.dealerId : (dealer?.id ?? null),
    fleetId: caller.roleType === 'fleet' ? caller.user.fleetId : (fleet?.id ?? driver?.fleetId ?? null),
    evOwnerId: evOwner?.id ?? null,
    driverId: driver?.id ?? null,
  };
}
