import { AppError, appErrorAnswer } from '@services/lib/app-error';
import { errorResponse } from '../handlers/lib/http-error';

/**
 * Runs a handler's call of a service; an AppError becomes the contract's error answer with the status of the
 * services' one table (APP_ERROR_STATUS), the same the server answers. Thrown, as MSW sends a thrown Response.
 */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { status, body } = appErrorAnswer(error);
    const answer = errorResponse(status, body.code, body.message, body.fieldErrors);
    // As the server's error handler: a wait (429 too_many_attempts) also goes in Retry-After.
    if (error.retryAfterSeconds !== undefined) answer.headers.set('Retry-After', String(error.retryAfterSeconds));
    throw answer;
  }
}
