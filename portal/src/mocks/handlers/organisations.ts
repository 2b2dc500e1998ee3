import { listOrganisations } from '@services/organisations/list-organisations';
import type { ListKind } from '@services/organisations/organisation-types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { listParamsOf } from '../adapter/list-params';
import { worldOrganisationDeps } from '../adapter/organisation-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** The caller of a request and the organisation services' dependencies over the demo world. */
export async function organisationCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { db, caller: callerOf(ctx), deps: worldOrganisationDeps(db, ctx.granted) };
}

const LISTS = [
  ['/oems', 'oem'],
  ['/dealers', 'dealer'],
  ['/fleets', 'fleet'],
  ['/ev-owners', 'evOwner'],
  ['/drivers', 'driver'],
] as const satisfies readonly (readonly [string, ListKind])[];

/** The organisation lists (OEMs, service centres, fleets, EV owners, drivers): adapters over the organisation services. */
export function createOrganisationHandlers(http: ApiHttp) {
  return LISTS.map(([path, kind]) =>
    http.get(path, async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await organisationCall(request);
        return response(200).json(
          (await listOrganisations(deps, caller, kind, listParamsOf(new URL(request.url)))) as never,
        );
      }),
    ),
  );
}
