import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toApiError } from '@/shared/api/api-client';

/**
 * Shows an API error on a form: each field error the form has a field for goes under that field (the API names rows
 * like `telemetryTemplate.1.key`, as the form does); the rest is returned as one message for the form.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownPrefixes: readonly string[],
): string | null {
  const apiError = toApiError(error);
  const leftover: string[] = [];
  for (const [field, message] of Object.entries(apiError.fieldErrors ?? {})) {
    if (knownPrefixes.some((prefix) => field === prefix || field.startsWith(`${prefix}.`)))
      setError(field as Path<T>, { type: 'server', message });
    else leftover.push(message);
  }
  if (!apiError.fieldErrors || leftover.length > 0) return [apiError.message, ...leftover].join(' ');
  return null;
}
