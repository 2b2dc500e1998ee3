import type { ServiceDeps } from '../../deps';
import type { ListParams } from '../../services/lib/list-query';
import { createOrganisation } from '../../services/organisations/create-organisation';
import { getOrganisationDetails } from '../../services/organisations/get-organisation';
import { listOrganisations } from '../../services/organisations/list-organisations';
import {
  assignOrganisationVehicles,
  listAssignableVehicles,
  unassignOrganisationVehicles,
} from '../../services/organisations/organisation-vehicles';
import type { OrgKind } from '../../services/organisations/organisation-types';
import { changeOrganisationStatus, updateOrganisation } from '../../services/organisations/update-organisation';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Each managed kind's name in its operationIds (createDealer, setFleetStatus, listEvOwnerAssignableVehicles ...). */
const OPERATION_NAME: Record<OrgKind, string> = {
  dealer: 'Dealer',
  fleet: 'Fleet',
  evOwner: 'EvOwner',
  driver: 'Driver',
};

/**
 * Organisations: the lists of OEMs, service centres, fleets, EV owners and drivers, and for the managed kinds create,
 * edit, details, status, assignable vehicles, assign and unassign.
 */
export function organisationRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.organisations;
  const handlers: OperationHandlers = {
    listOems: async (request) => listOrganisations(d, callerOf(request), 'oem', request.query as ListParams),
    listDealers: async (request) => listOrganisations(d, callerOf(request), 'dealer', request.query as ListParams),
    listFleets: async (request) => listOrganisations(d, callerOf(request), 'fleet', request.query as ListParams),
    listEvOwners: async (request) => listOrganisations(d, callerOf(request), 'evOwner', request.query as ListParams),
    listDrivers: async (request) => listOrganisations(d, callerOf(request), 'driver', request.query as ListParams),
  };
  for (const [kind, name] of Object.entries(OPERATION_NAME) as [OrgKind, string][]) {
    const id = (request: { params: unknown }) => (request.params as IdParams).id;
    handlers[`create${name}`] = async (request, reply) =>
      reply.code(201).send(await createOrganisation(d, callerOf(request), kind, request.body as object));
    handlers[`update${name}`] = async (request) =>
      updateOrganisation(d, callerOf(request), kind, { id: id(request), patch: request.body as object });
    handlers[`get${name}Details`] = async (request) =>
      getOrganisationDetails(d, callerOf(request), kind, { id: id(request) });
    handlers[`set${name}Status`] = async (request) =>
      changeOrganisationStatus(d, callerOf(request), kind, { id: id(request), body: request.body as object });
    handlers[`list${name}AssignableVehicles`] = async (request) =>
      listAssignableVehicles(d, callerOf(request), kind, {
        id: id(request),
        q: (request.query as { q?: string }).q,
      });
    handlers[`assign${name}Vehicles`] = async (request) =>
      assignOrganisationVehicles(d, callerOf(request), kind, { id: id(request), body: request.body as object });
    handlers[`unassign${name}Vehicles`] = async (request) =>
      unassignOrganisationVehicles(d, callerOf(request), kind, { id: id(request), body: request.body as object });
  }
  return handlers;
}
