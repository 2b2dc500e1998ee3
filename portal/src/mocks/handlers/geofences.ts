import { createGeofence } from '@services/geofences/create-geofence';
import { deleteGeofence } from '@services/geofences/delete-geofence';
import { getGeofence } from '@services/geofences/get-geofence';
import { listGeofences } from '@services/geofences/list-geofences';
import { updateGeofence } from '@services/geofences/update-geofence';
import type { Schemas } from '@services/lib/api-types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldGeofenceDeps } from '../adapter/geofence-store';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the geofence services' dependencies over the demo world (grants widen the scope). */
async function geofenceCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldGeofenceDeps(db, ctx.granted) };
}

/** Geofences (permission `gr`, audit entity Geofence): adapters over the geofence services. */
export function createGeofenceHandlers(http: ApiHttp) {
  return [
    http.get('/geofences', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await geofenceCall(request);
        return response(200).json(await listGeofences(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),

    http.post('/geofences', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await geofenceCall(request);
        const body = (await readJsonObject(request)) as Schemas['GeofenceInput'];
        return response(201).json(await createGeofence(deps, caller, body));
      }),
    ),

    http.get('/geofences/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await geofenceCall(request);
        return response(200).json(await getGeofence(deps, caller, { id: params.id }));
      }),
    ),

    http.patch('/geofences/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await geofenceCall(request);
        const patch = (await readJsonObject(request)) as Schemas['GeofencePatch'];
        return response(200).json(await updateGeofence(deps, caller, { id: params.id, patch }));
      }),
    ),

    http.delete('/geofences/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await geofenceCall(request);
        await deleteGeofence(deps, caller, { id: params.id });
        return response(204).empty();
      }),
    ),
  ];
}
