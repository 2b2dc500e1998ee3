import type { ServiceDeps } from '../../deps';
import { createGeofence } from '../../services/geofences/create-geofence';
import { deleteGeofence } from '../../services/geofences/delete-geofence';
import { getGeofence } from '../../services/geofences/get-geofence';
import { listGeofences } from '../../services/geofences/list-geofences';
import { updateGeofence } from '../../services/geofences/update-geofence';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Geofences: list, read, create, edit, delete. */
export function geofenceRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.geofences;
  return {
    listGeofences: async (request) => listGeofences(d, callerOf(request), request.query as ListParams),
    getGeofence: async (request) => getGeofence(d, callerOf(request), request.params as IdParams),
    createGeofence: async (request, reply) =>
      reply.code(201).send(await createGeofence(d, callerOf(request), request.body as Schemas['GeofenceInput'])),
    updateGeofence: async (request) =>
      updateGeofence(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['GeofencePatch'],
      }),
    deleteGeofence: async (request, reply) => {
      await deleteGeofence(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
  };
}
