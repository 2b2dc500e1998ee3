import { conflict, type FieldErrors } from '../lib/app-error';
import type { OrganisationStore } from './organisation-store';
import { ORG_KIND_INFO, type OrgKind, type UniqueField } from './organisation-types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** + and 8 to 15 digits; spaces and dashes between them are allowed (as user management). */
const PHONE = /^\+?[0-9][0-9 -]{6,20}[0-9]$/;
const LICENCE = /^[A-Z]{2}[0-9A-Z-]{6,18}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Body = Record<string, unknown>;

/** A text field: trimmed; '' or null clears an optional one (null); undefined when absent or after an error. */
function text(
  errors: FieldErrors,
  body: Body,
  field: string,
  label: string,
  { required, max }: { required: boolean; max: number },
): string | null | undefined {
  const value = body[field];
  if (value === undefined) {
    if (required) errors.add(field, `Enter ${label}.`);
    return undefined;
  }
  const trimmed = typeof value === 'string' ? value.trim() : value === null ? '' : undefined;
  if (trimmed === undefined) errors.add(field, `Enter ${label}.`);
  else if (trimmed === '') {
    if (required) errors.add(field, `Enter ${label}.`);
    else return null;
  } else if (trimmed.length > max) errors.add(field, `Use at most ${max} characters.`);
  else return trimmed;
  return undefined;
}

function checkEmail(errors: FieldErrors, value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  if (!EMAIL.test(value)) {
    errors.add('email', 'Enter a valid e-mail address.');
    return undefined;
  }
  return value.toLowerCase();
}

function checkPhone(errors: FieldErrors, value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  const digits = value.replace(/\D/g, '').length;
  if (!PHONE.test(value) || digits < 8 || digits > 15) {
    errors.add('phone', 'Enter a phone number of 8 to 15 digits, optionally starting with +.');
    return undefined;
  }
  return value;
}

/**
 * The contact and kind-specific fields of a create (`partial` false) or a patch, checked field by field: a name; a
 * city and an optional address (all but drivers); an e-mail (optional for drivers, kept lower case); a phone (optional
 * for fleets); a service centre's code (letters, digits, dashes; upper case); a driver's licence number (upper case,
 * no spaces) and its expiry date. Fields not sent are left out.
 */
export function readOrganisationFields(
  kind: OrgKind,
  errors: FieldErrors,
  body: Body,
  partial: boolean,
): Record<string, string | null> {
  const req = (yes: boolean) => yes && !partial;
  const out: Record<string, string | null | undefined> = {
    name: text(errors, body, 'name', 'a name', { required: req(true), max: 120 }),
  };
  if (kind !== 'driver') {
    out.city = text(errors, body, 'city', 'a city', { required: req(true), max: 80 });
    out.address = text(errors, body, 'address', 'an address', { required: false, max: 200 });
  }
  const emailRequired = kind !== 'driver';
  out.email = checkEmail(
    errors,
    text(errors, body, 'email', 'an e-mail address', { required: req(emailRequired), max: 120 }),
  );
  if (emailRequired && out.email === null) errors.add('email', 'Enter an e-mail address.');
  const phoneRequired = kind !== 'fleet';
  out.phone = checkPhone(
    errors,
    text(errors, body, 'phone', 'a phone number', { required: req(phoneRequired), max: 30 }),
  );
  if (phoneRequired && out.phone === null) errors.add('phone', 'Enter a phone number.');
  if (kind === 'dealer') {
    const code = text(errors, body, 'code', 'a code', { required: req(true), max: 20 });
    if (code === null) errors.add('code', 'Enter a code.');
    else if (typeof code === 'string' && !/^[A-Za-z0-9-]+$/.test(code))
      errors.add('code', 'Use letters, digits and dashes only.');
    else out.code = code?.toUpperCase();
  }
  if (kind === 'driver') {
    const licence = text(errors, body, 'licenseNumber', 'the licence number', { required: req(true), max: 20 });
    const normal = typeof licence === 'string' ? licence.replace(/\s+/g, '').toUpperCase() : licence;
    if (licence === null) errors.add('licenseNumber', 'Enter the licence number.');
    else if (typeof normal === 'string' && !LICENCE.test(normal))
      errors.add('licenseNumber', 'Enter a licence number: two letters, then 6 to 18 letters or digits.');
    else out.licenseNumber = normal;
    const expires = text(errors, body, 'licenseExpiresOn', 'the licence expiry date', { required: req(true), max: 10 });
    if (expires === null) errors.add('licenseExpiresOn', 'Enter the licence expiry date.');
    else if (typeof expires === 'string' && (!DATE.test(expires) || Number.isNaN(Date.parse(expires))))
      errors.add('licenseExpiresOn', 'Enter a date as YYYY-MM-DD.');
    else out.licenseExpiresOn = expires;
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Record<string, string | null>;
}

const UNIQUE_MESSAGE: Record<UniqueField, string> = {
  email: 'This e-mail address is already in use.',
  code: 'Another service centre has this code.',
  licenseNumber: 'Another driver has this licence number.',
};

/** The fields unique within each kind. */
export const UNIQUE_FIELDS: Record<OrgKind, readonly UniqueField[]> = {
  dealer: ['email', 'code'],
  fleet: ['email'],
  evOwner: ['email'],
  driver: ['email', 'licenseNumber'],
};

/** The contract's 409 for the taken fields (or, from a unique index, for the kind's unique fields). */
export function uniqueConflict(kind: OrgKind, fields: readonly UniqueField[] = UNIQUE_FIELDS[kind]) {
  const taken = Object.fromEntries(fields.map((f) => [f, UNIQUE_MESSAGE[f]]));
  return conflict(`${ORG_KIND_INFO[kind].noun} details are already in use.`, taken);
}

/** 409 with a field error per value another organisation of the kind holds (without regard to case). */
export async function checkUnique(
  store: Pick<OrganisationStore, 'taken'>,
  kind: OrgKind,
  fields: Record<string, unknown>,
  exceptId: string | null,
): Promise<void> {
  const taken: UniqueField[] = [];
  for (const field of UNIQUE_FIELDS[kind]) {
    const value = fields[field];
    if (typeof value === 'string' && (await store.taken(kind, field, value, exceptId))) taken.push(field);
  }
  if (taken.length > 0) throw uniqueConflict(kind, taken);
}
