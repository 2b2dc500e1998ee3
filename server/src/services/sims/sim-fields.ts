import { conflict, type FieldErrors } from '../lib/app-error';
import type { SimStore } from './sim-store';

const ICCID = /^\d{19,20}$/;

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

/** The ICCID: 19 or 20 digits. */
export function readIccid(errors: FieldErrors, value: unknown): string | undefined {
  const iccid = readText(errors, value, 'iccid', 'the ICCID', 20);
  if (iccid !== undefined && !ICCID.test(iccid)) {
    errors.add('iccid', 'The ICCID has 19 or 20 digits.');
    return undefined;
  }
  return iccid;
}

export const readMsisdn = (errors: FieldErrors, value: unknown) =>
  readText(errors, value, 'msisdn', 'the phone number', 20);
export const readOperator = (errors: FieldErrors, value: unknown) =>
  readText(errors, value, 'operator', 'the operator', 40);

export const iccidConflict = () => conflict('A SIM card with this ICCID exists.', { iccid: 'Already in use.' });

/** Throws every field error so far, then 409 when another SIM card has the ICCID. */
export async function checkIccidFree(
  store: Pick<SimStore, 'iccidTaken'>,
  errors: FieldErrors,
  iccid: string | undefined,
): Promise<void> {
  errors.throwIfAny();
  if (iccid !== undefined && (await store.iccidTaken(iccid))) throw iccidConflict();
}
