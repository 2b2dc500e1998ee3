/**
 * The one error a service throws. `code` is the contract's stable code (openapi.yaml "Errors"); the HTTP status comes
 * from APP_ERROR_STATUS, so a transport never decides it twice.
 */
export const APP_ERROR_STATUS = {
  validation_failed: 400,
  invalid_query: 400,
  invalid_credentials: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_attempts: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors: Record<string, string> | undefined;
  /** Seconds the caller should wait before trying again (429). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { fieldErrors?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/** The contract's error body (openapi.yaml Error). */
export interface ErrorBody {
  code: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Try again later.';

/**
 * The status and body an AppError answers, for every transport (the Fastify server and the demo's MSW adapter).
 * 5xx text is ours for the client (501 not implemented, 503 unavailable), except `internal`, whose detail is never
 * shown.
 */
export function appErrorAnswer(error: AppError): { status: number; body: ErrorBody } {
  if (error.status >= 500) {
    return {
      status: error.status,
      body: { code: error.code, message: error.code === 'internal' ? INTERNAL_MESSAGE : error.message },
    };
  }
  return {
    status: error.status,
    body: {
      code: error.code,
      message: error.message,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    },
  };
}

export const unauthorized = () => new AppError('unauthorized', 'Sign in to continue.');
export const forbidden = () => new AppError('forbidden', 'You do not have permission to do this.');
export const notFound = (what: string) => new AppError('not_found', `${what} not found.`);
export const invalidQuery = (message: string) => new AppError('invalid_query', message);
export const validationFailed = (fieldErrors: Record<string, string>) =>
  new AppError('validation_failed', 'Some fields need attention.', { fieldErrors });
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError('conflict', message, fieldErrors ? { fieldErrors } : {});

/** Collects field errors of one input and throws them together. */
export class FieldErrors {
  private readonly errors: Record<string, string> = {};

  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw validationFailed({ ...this.errors });
  }
}
