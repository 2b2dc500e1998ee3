import { validationFailed } from './http-error';

/** The JSON object body of a write; anything else is a 400 validation_failed. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed({ body: 'Send a JSON object.' });
  }
  return body as Record<string, unknown>;
}

/** Collects field errors and throws them together, so a form can show every problem at once. */
export class FieldErrors {
  private readonly errors: Record<string, string> = {};

  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }

  has(field: string): boolean {
    return Object.hasOwn(this.errors, field);
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw validationFailed(this.errors);
  }
}

/** A trimmed non-empty string, or undefined after recording why not. */
export function requiredString(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
  label: string,
  max = 120,
): string | undefined {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add(field, `Enter ${label}.`);
    return undefined;
  }
  if (value.trim().length > max) {
    errors.add(field, `${label[0]?.toUpperCase()}${label.slice(1)} must be at most ${max} characters.`);
    return undefined;
  }
  return value.trim();
}

/** An optional id (string or null); undefined when absent. */
export function optionalId(
  errors: FieldErrors,
  body: Record<string, unknown>,
  field: string,
): string | null | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') {
    errors.add(field, 'Choose a valid item or none.');
    return undefined;
  }
  return value;
}
