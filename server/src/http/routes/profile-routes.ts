import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import { changePassword } from '../../services/profile/change-password';
import { getProfile } from '../../services/profile/get-profile';
import { updateProfile } from '../../services/profile/update-profile';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** The caller's own account and password (its sessions are in auth-routes). */
export function profileRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.profile;
  return {
    getProfile: async (request) => getProfile(d, callerOf(request)),
    updateProfile: async (request) =>
      updateProfile(d, callerOf(request), { patch: request.body as Schemas['ProfilePatch'] }),
    changePassword: async (request, reply) => {
      await changePassword(d, callerOf(request), { body: request.body as Schemas['PasswordChange'] });
      return reply.code(204).send();
    },
  };
}
