import type { FieldErrors } from '../lib/app-error';
import { SEMVER } from './rollout-engine';

/** A semantic version field: null when empty (an error when required) or malformed. */
export function readVersion(errors: FieldErrors, field: string, value: unknown, required: boolean): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) errors.add(field, 'Enter a version such as 4.1.0.');
    return null;
  }
  if (typeof value !== 'string' || !SEMVER.test(value.trim())) {
    errors.add(field, 'Use a semantic version: MAJOR.MINOR.PATCH, such as 4.1.0 or 4.1.0-rc.1.');
    return null;
  }
  return value.trim();
}
