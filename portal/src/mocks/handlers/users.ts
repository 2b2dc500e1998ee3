import type { Schemas } from '@services/lib/api-types';
import { createUser } from '@services/users/create-user';
import { getUser } from '@services/users/get-user';
import { listUsers } from '@services/users/list-users';
import { resetUserPassword } from '@services/users/reset-user-password';
import { setUserStatus } from '@services/users/set-user-status';
import { updateUser } from '@services/users/update-user';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldUserDeps } from '../adapter/user-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the user services' dependencies over the demo world. */
async function userCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldUserDeps(db) };
}

/** User management (`su`, audit entity User): adapters over the user services. */
export function createUserHandlers(http: ApiHttp) {
  return [
    http.get('/users', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await userCall(request);
        return response(200).json(await listUsers(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/users', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await userCall(request);
        const body = (await readJsonObject(request)) as Schemas['UserAccountInput'];
        return response(201).json(await createUser(deps, caller, body));
      }),
    ),

    http.get('/users/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await userCall(request);
        return response(200).json(await getUser(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/users/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await userCall(request);
        const patch = (await readJsonObject(request)) as Schemas['UserAccountPatch'];
        return response(200).json(await updateUser(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.post('/users/{id}/status', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await userCall(request);
        const body = (await readJsonObject(request)) as Schemas['StatusInput'];
        return response(200).json(await setUserStatus(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/users/{id}/reset-password', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await userCall(request);
        return response(200).json(await resetUserPassword(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
