import { createOrganisation } from '@services/organisations/create-organisation';
import { getOrganisationDetails } from '@services/organisations/get-organisation';
import {
  assignOrganisationVehicles,
  listAssignableVehicles,
  unassignOrganisationVehicles,
} from '@services/organisations/organisation-vehicles';
import { ORG_KINDS, type OrgKind } from '@services/organisations/organisation-types';
import { changeOrganisationStatus, updateOrganisation } from '@services/organisations/update-organisation';
import { answering } from '../adapter/answer';
import type { ApiHttp } from './http';
import { readJsonObject } from './lib/body';
import { organisationCall } from './organisations';

const BASES: Record<OrgKind, '/dealers' | '/fleets' | '/ev-owners' | '/drivers'> = {
  dealer: '/dealers',
  fleet: '/fleets',
  evOwner: '/ev-owners',
  driver: '/drivers',
};

/**
 * Organisation management (issue 21 item 5): create, edit, activate/deactivate, assign and unassign vehicles, and the
 * details of service centres, fleets, EV owners and drivers: adapters over the organisation services.
 */
export function createOrganisationManagementHandlers(http: ApiHttp) {
  return ORG_KINDS.flatMap((kind) => {
    const base = BASES[kind];
    return [
      http.post(base, async ({ request, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          const body = await readJsonObject(request);
          return response(201).json((await createOrganisation(deps, caller, kind, body)) as never);
        }),
      ),

      http.patch(`${base}/{id}`, async ({ request, params, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          const patch = await readJsonObject(request);
          return response(200).json((await updateOrganisation(deps, caller, kind, { id: params.id, patch })) as never);
        }),
      ),

      http.get(`${base}/{id}/details`, async ({ request, params, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          return response(200).json(await getOrganisationDetails(deps, caller, kind, { id: params.id }));
        }),
      ),

      http.post(`${base}/{id}/status`, async ({ request, params, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          const body = await readJsonObject(request);
          return response(200).json(
            (await changeOrganisationStatus(deps, caller, kind, { id: params.id, body })) as never,
          );
        }),
      ),

      http.get(`${base}/{id}/assignable-vehicles`, async ({ request, params, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          const q = new URL(request.url).searchParams.get('q') ?? undefined;
          return response(200).json(await listAssignableVehicles(deps, caller, kind, { id: params.id, q }));
        }),
      ),

      http.post(`${base}/{id}/assign-vehicles`, async ({ request, params, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          const body = await readJsonObject(request);
          return response(200).json(await assignOrganisationVehicles(deps, caller, kind, { id: params.id, body }));
        }),
      ),

      http.post(`${base}/{id}/unassign-vehicles`, async ({ request, params, response }) =>
        answering(async () => {
          const { deps, caller } = await organisationCall(request);
          const body = await readJsonObject(request);
          return response(200).json(await unassignOrganisationVehicles(deps, caller, kind, { id: params.id, body }));
        }),
      ),
    ];
  });
}
