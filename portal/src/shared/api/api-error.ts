import type { components } from '@/domain/api-schema';

export type ErrorBody = components['schemas']['Error'];

/** A failed API call: the HTTP status plus the contract's error body (`code`, `message`, `fieldErrors`). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors?: Record<string, string>;

  constructor(status: number, code: string, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.code === 'string' && typeof body.message === 'string';
}

function readFieldErrors(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request was not accepted.',
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  409: 'This clashes with existing data.',
  500: 'The server ran into a problem. Please try again later.',
};

/** Builds an ApiError from a non-2xx response, using its error body when it follows the contract. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.code, body.message, readFieldErrors(body.fieldErrors));
  }
  const message =
    STATUS_MESSAGES[response.status] ??
    `The server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
  return new ApiError(response.status, `http_${response.status}`, message);
}

/** Turns anything thrown by an API call into an ApiError (status 0 for network failures and bugs). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TypeError) {
    return new ApiError(0, 'network_error', 'The server cannot be reached. Check your connection and try again.');
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, 'unknown', message || 'Something went wrong.');
}
