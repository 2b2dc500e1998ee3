import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type AppErrorCode, appErrorAnswer, type ErrorBody } from '../services/lib/app-error';

export type { ErrorBody };

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The dot path of the field an ajv issue is about ("rows.3.vin"); the missing property for `required`. */
function fieldOf(issue: ValidationIssue): string {
  const path = (issue.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
    path.push(issue.params.missingProperty);
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params?.additionalProperty === 'string') {
    path.push(issue.params.additionalProperty);
  }
  return path.join('.') || 'body';
}

function sentence(issue: ValidationIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return `Must be of type ${String(issue.params?.type)}.`;
    case 'enum':
      return `Must be one of: ${(issue.params?.allowedValues as unknown[] | undefined)?.join(', ') ?? 'the allowed values'}.`;
    case 'additionalProperties':
      return 'This field is not allowed here.';
    default:
      return issue.message ? `${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}.` : 'Invalid value.';
  }
}

/** ajv issues -> one message per field (the first issue of each field wins). */
export function fieldErrorsOf(issues: ValidationIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    // oneOf/anyOf repeat what their branches said; the branch issues are enough.
    if (issue.keyword === 'oneOf' || issue.keyword === 'anyOf') continue;
    out[fieldOf(issue)] ??= sentence(issue);
  }
  if (Object.keys(out).length === 0 && issues[0]) out[fieldOf(issues[0])] = sentence(issues[0]);
  return out;
}

/** Fastify's own client errors -> the contract's codes. */
const FASTIFY_CODES: Record<string, { code: AppErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'validation_failed', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_failed', message: 'The body is empty; JSON was expected.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'This content type is not accepted.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'validation_failed',
    message: 'The Content-Length does not match the body.',
  },
};

/** Maps any error to a status and the contract's body. 5xx details go to the log, never to the client. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  if (error instanceof AppError) {
    return {
      ...appErrorAnswer(error),
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfter: error.retryAfterSeconds }),
    };
  }
  const fastifyError = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    const inBody = fastifyError.validationContext === 'body';
    const fieldErrors = fieldErrorsOf(fastifyError.validation);
    return {
      status: 400,
      body: inBody
        ? { code: 'validation_failed', message: 'Some fields need attention.', fieldErrors }
        : {
            code: 'invalid_query',
            message: `Invalid ${fastifyError.validationContext ?? 'request'}: ${Object.entries(fieldErrors)
              .map(([field, message]) => `${field}: ${message}`)
              .join('; ')}`,
            fieldErrors,
          },
    };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) {
    const status = fastifyError.statusCode ?? 400;
    return {
      status,
      body: {
        code: known.code,
        message: known.message,
        ...(known.code === 'validation_failed' ? { fieldErrors: { body: known.message } } : {}),
      },
    };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { code: status === 404 ? 'not_found' : 'bad_request', message: 'The request was not accepted.' },
    };
  }
  return appErrorAnswer(new AppError('internal', 'unexpected error'));
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body, retryAfter } = toErrorResponse(error);
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The one error handler: logs 5xx with the request id, answers the contract's error shape. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: (error as { code?: string }).code, status }, 'request refused');
  return sendError(reply, error);
}
