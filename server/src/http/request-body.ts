import type { FastifyRequest } from 'fastify';
import { AppError } from '../services/lib/app-error';
import type { OpenApiDocument } from './openapi';

/**
 * Fastify validates a body by its content type, so a request with no body at all (no Content-Type) skips the
 * contract's body schema and reaches the handler with `undefined`. Operations whose `requestBody` is required answer
 * 400 for it instead.
 */
export function requiresBody(doc: OpenApiDocument, operationId: string): boolean {
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      if (operation?.operationId !== operationId) continue;
      const body = (operation as { requestBody?: { required?: boolean } }).requestBody;
      return body?.required === true;
    }
  }
  return false;
}

/** A preHandler (after authentication and validation): a missing body is a 400 like an empty one. */
export async function bodyRequired(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) {
    throw new AppError('validation_failed', 'Some fields need attention.', {
      fieldErrors: { body: 'The body is empty; JSON was expected.' },
    });
  }
}
