import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { createRole } from '../../services/roles/create-role';
import { deleteRole } from '../../services/roles/delete-role';
import { getRole } from '../../services/roles/get-role';
import { listRoles } from '../../services/roles/list-roles';
import { updateRole } from '../../services/roles/update-role';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Roles and their permissions: list, read, create, edit, delete. */
export function roleRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.roles;
  return {
    listRoles: async (request) => listRoles(d, callerOf(request), request.query as ListParams),
    getRole: async (request) => getRole(d, callerOf(request), request.params as IdParams),
    createRole: async (request, reply) =>
      reply.code(201).send(await createRole(d, callerOf(request), request.body as Schemas['RoleInput'])),
    updateRole: async (request) =>
      updateRole(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['RolePatch'],
      }),
    deleteRole: async (request, reply) => {
      await deleteRole(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
  };
}
