import { endSession, listSessions, signOutOtherSessions } from '@services/auth/sessions';
import type { Schemas } from '@services/lib/api-types';
import { changePassword } from '@services/profile/change-password';
import { getProfile } from '@services/profile/get-profile';
import { updateProfile } from '@services/profile/update-profile';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldProfileDeps } from '../adapter/profile-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the profile services' dependencies over the demo world. */
async function profileCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldProfileDeps(db) };
}

/** The caller's own account (`mp`), password (`mp.cp`) and sessions (audit entity Profile): adapters over the services. */
export function createProfileHandlers(http: ApiHttp) {
  return [
    http.get('/profile', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await profileCall(request);
        return response(200).json(await getProfile(deps, caller));
      }),
    ),

    http.patch('/profile', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await profileCall(request);
        const patch = (await readJsonObject(request)) as Schemas['ProfilePatch'];
        return response(200).json(await updateProfile(deps, caller, { patch }));
      }),
    ),

    http.post('/profile/password', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await profileCall(request);
        const body = (await readJsonObject(request)) as Schemas['PasswordChange'];
        await changePassword(deps, caller, { body });
        return response(204).empty();
      }),
    ),

    http.get('/profile/sessions', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await profileCall(request);
        return response(200).json(await listSessions(deps, caller));
      }),
    ),

    http.post('/profile/sessions/sign-out-others', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await profileCall(request);
        return response(200).json(await signOutOtherSessions(deps, caller));
      }),
    ),

    http.delete('/profile/sessions/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await profileCall(request);
        await endSession(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),
  ];
}
