import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/shared/api/api-error';

/**
 * Puts the server's field errors (400/409 `fieldErrors`) on the form's fields; returns the message for anything that
 * is not a field of the form, or null when every error found its field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  let unplaced = false;
  for (const [field, message] of Object.entries(error.fieldErrors ?? {})) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  return !error.fieldErrors || unplaced ? error.message : null;
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
