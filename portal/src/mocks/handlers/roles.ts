import type { Schemas } from '@services/lib/api-types';
import { createRole } from '@services/roles/create-role';
import { deleteRole } from '@services/roles/delete-role';
import { getRole } from '@services/roles/get-role';
import { listRoles } from '@services/roles/list-roles';
import { updateRole } from '@services/roles/update-role';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldRoleDeps } from '../adapter/role-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the role services' dependencies over the demo world. */
async function roleCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldRoleDeps(db) };
}

/** Roles and their permissions (`su.RP`, audit entity Access): adapters over the role services. */
export function createRoleHandlers(http: ApiHttp) {
  return [
    http.get('/roles', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await roleCall(request);
        return response(200).json(await listRoles(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/roles', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await roleCall(request);
        const body = (await readJsonObject(request)) as Schemas['RoleInput'];
        return response(201).json(await createRole(deps, caller, body));
      }),
    ),

    http.get('/roles/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await roleCall(request);
        return response(200).json(await getRole(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/roles/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await roleCall(request);
        const patch = (await readJsonObject(request)) as Schemas['RolePatch'];
        return response(200).json(await updateRole(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/roles/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await roleCall(request);
        await deleteRole(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),
  ];
}
