import { z } from 'zod';
import type { OrganisationKind } from './organisation-kinds';

const digits = (v: string) => v.replace(/\D/g, '').length;
const PHONE_MESSAGE = 'Enter a phone number of 8 to 15 digits, optionally starting with +.';
const isPhone = (v: string) => /^\+?[0-9][0-9 -]*[0-9]$/.test(v) && digits(v) >= 8 && digits(v) <= 15;

/** Every field any kind's form has; a kind shows (and sends) only its own. */
export interface OrganisationFormValues {
  name: string;
  code: string;
  email: string;
  phone: string;
  city: string;
  address: string;
  licenseNumber: string;
  licenseExpiresOn: string;
  /** Where a new one belongs, when the creator chooses it. */
  oemId: string;
  dealerId: string;
  fleetId: string;
}

export const EMPTY_VALUES: OrganisationFormValues = {
  name: '',
  code: '',
  email: '',
  phone: '',
  city: '',
  address: '',
  licenseNumber: '',
  licenseExpiresOn: '',
  oemId: '',
  dealerId: '',
  fleetId: '',
};

/** The contact and record fields of each kind, in form order. */
export const FIELDS: Record<OrganisationKind, readonly (keyof OrganisationFormValues)[]> = {
  dealer: ['name', 'code', 'email', 'phone', 'city', 'address'],
  fleet: ['name', 'email', 'phone', 'city', 'address'],
  evOwner: ['name', 'email', 'phone', 'city', 'address'],
  driver: ['name', 'phone', 'email', 'licenseNumber', 'licenseExpiresOn'],
};

const text = (label: string, max: number) =>
  z.string().trim().min(1, `Enter ${label}.`).max(max, `Use at most ${max} characters.`);
const optional = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const email = z.string().trim().min(1, 'Enter an e-mail address.').email('Enter a valid e-mail address.');
const optionalEmail = z
  .string()
  .trim()
  .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Enter a valid e-mail address.');
const phone = z.string().trim().min(1, 'Enter a phone number.').refine(isPhone, PHONE_MESSAGE);
const optionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || isPhone(v), PHONE_MESSAGE);

/** The checks of a kind's form (the server checks the same and more: duplicates, scope). */
export function organisationFormSchema(kind: OrganisationKind) {
  const any = z.string();
  const base = {
    name: text('a name', 120),
    code: any,
    email: any,
    phone: any,
    city: any,
    address: optional(200),
    licenseNumber: any,
    licenseExpiresOn: any,
    oemId: any,
    dealerId: any,
    fleetId: any,
  };
  if (kind === 'dealer')
    return z.object({
      ...base,
      code: text('a code', 20).regex(/^[A-Za-z0-9-]+$/, 'Use letters, digits and dashes only.'),
      email,
      phone,
      city: text('a city', 80),
    });
  if (kind === 'fleet') return z.object({ ...base, email, phone: optionalPhone, city: text('a city', 80) });
  if (kind === 'evOwner') return z.object({ ...base, email, phone, city: text('a city', 80) });
  return z.object({
    ...base,
    phone,
    email: optionalEmail,
    licenseNumber: z
      .string()
      .trim()
      .min(1, 'Enter the licence number.')
      .refine(
        (v) => /^[A-Z]{2}[0-9A-Z-]{6,18}$/.test(v.replace(/\s+/g, '').toUpperCase()),
        'Enter a licence number: two letters, then 6 to 18 letters or digits.',
      ),
    licenseExpiresOn: z.string().min(1, 'Enter the licence expiry date.'),
  });
}

/** The body a kind's create or edit sends: its own fields, empty optional ones as null. */
export function toBody(kind: OrganisationKind, values: OrganisationFormValues): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const field of FIELDS[kind]) {
    const value = values[field].trim();
    body[field] = value === '' ? null : value;
  }
  return body;
}
