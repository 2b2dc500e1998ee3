import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../deps';
import { authenticate } from '../services/auth/authenticate';
import { unauthorized } from '../services/lib/app-error';
import type { Caller } from '../services/lib/caller';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** Where a request came from, for sessions and the audit log. */
export function clientOf(request: FastifyRequest): Caller['client'] {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** The bearer token of a request (tokens travel only in the Authorization header, never in URLs). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** A preValidation hook: resolves the caller or answers 401 before anything else is looked at. */
export function authenticateHook(deps: ServiceDeps) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    request.caller = await authenticate(deps.auth, token, clientOf(request));
  };
}

/** The caller resolved by the hook (routes without security have none). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
