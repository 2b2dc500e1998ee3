import { createAccessGrant } from '@services/access-grants/create-access-grant';
import { listAccessGrantCandidates } from '@services/access-grants/list-grant-candidates';
import { listAccessGrants } from '@services/access-grants/list-access-grants';
import { revokeAccessGrant } from '@services/access-grants/revoke-access-grant';
import { worldAccessGrantDeps } from '../adapter/access-grant-store';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the access grant services' dependencies over the demo world. */
async function grantCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldAccessGrantDeps(db) };
}

/** Access grants (`ac.l`) and OEM access (`oem.l`): adapters over the access grant services; audit entity Access. */
export function createAccessGrantHandlers(http: ApiHttp) {
  return [
    http.get('/access-grants', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await grantCall(request);
        return response(200).json(await listAccessGrants(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.get('/access-grants/candidates', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await grantCall(request);
        const params = new URL(request.url).searchParams;
        const input = Object.fromEntries(
          ['type', 'roleCode', 'kind', 'oemId', 'q'].flatMap((k) => {
            const v = params.get(k);
            return v === null ? [] : [[k, v]];
          }),
        );
        return response(200).json(await listAccessGrantCandidates(deps, caller, input));
      }),
    ),

    http.post('/access-grants', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await grantCall(request);
        const body = await readJsonObject(request);
        return response(201).json(await createAccessGrant(deps, caller, body));
      }),
    ),

    http.post('/access-grants/{id}/revoke', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await grantCall(request);
        return response(200).json(await revokeAccessGrant(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
