import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { createUser } from '../../services/users/create-user';
import { getUser } from '../../services/users/get-user';
import { listUsers } from '../../services/users/list-users';
import { resetUserPassword } from '../../services/users/reset-user-password';
import { setUserStatus } from '../../services/users/set-user-status';
import { updateUser } from '../../services/users/update-user';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** User management: accounts in the caller's scope; list, read, create, edit, status, password reset. */
export function userRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.users;
  return {
    listUsers: async (request) => listUsers(d, callerOf(request), request.query as ListParams),
    getUser: async (request) => getUser(d, callerOf(request), request.params as IdParams),
    createUser: async (request, reply) =>
      reply.code(201).send(await createUser(d, callerOf(request), request.body as Schemas['UserAccountInput'])),
    updateUser: async (request) =>
      updateUser(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['UserAccountPatch'],
      }),
    setUserStatus: async (request) =>
      setUserStatus(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Schemas['StatusInput'],
      }),
    resetUserPassword: async (request) => resetUserPassword(d, callerOf(request), request.params as IdParams),
  };
}
