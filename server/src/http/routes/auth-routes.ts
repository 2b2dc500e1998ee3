import type { ServiceDeps } from '../../deps';
import { getCurrentUser } from '../../services/auth/get-current-user';
import { login } from '../../services/auth/login';
import { logout } from '../../services/auth/logout';
import { endSession, listSessions, signOutOtherSessions } from '../../services/auth/sessions';
import type { Schemas } from '../../services/lib/api-types';
import { callerOf, clientOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** Sign-in, the current user and the caller's sessions. */
export function authRoutes(deps: ServiceDeps): OperationHandlers {
  return {
    login: async (request) => login(deps.auth, clientOf(request), request.body as Schemas['LoginRequest']),
    logout: async (request, reply) => {
      await logout(deps.auth, callerOf(request));
      return reply.code(204).send();
    },
    getCurrentUser: async (request) => getCurrentUser(callerOf(request)),
    listSessions: async (request) => listSessions(deps.auth, callerOf(request)),
    signOutOtherSessions: async (request) => signOutOtherSessions(deps.auth, callerOf(request)),
    endSession: async (request, reply) => {
      await endSession(deps.auth, callerOf(request), request.params as { id: string });
      return reply.code(204).send();
    },
  };
}
