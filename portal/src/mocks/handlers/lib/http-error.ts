import { HttpResponse } from 'msw';
import type { components } from '@/domain/api-schema';

type ErrorBody = components['schemas']['Error'];

/** An error answer of the contract. Thrown from a resolver, MSW sends it as the response. */
export function errorResponse(status: number, code: string, message: string, fieldErrors?: Record<string, string>) {
  const body: ErrorBody = fieldErrors ? { code, message, fieldErrors } : { code, message };
  return HttpResponse.json(body, { status });
}

export const unauthorized = () => errorResponse(401, 'unauthorized', 'Your session has ended. Please sign in again.');
export const forbidden = () => errorResponse(403, 'forbidden', 'You do not have permission to do this.');
export const notFound = (what = 'Item') => errorResponse(404, 'not_found', `${what} not found.`);
export const invalidQuery = (message: string) => errorResponse(400, 'invalid_query', message);
export const validationFailed = (fieldErrors: Record<string, string>) =>
  errorResponse(400, 'validation_failed', 'Some fields need attention.', fieldErrors);
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  errorResponse(409, 'conflict', message, fieldErrors);
