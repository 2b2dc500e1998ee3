import type { ServiceDeps } from '../../deps';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { assignVehicle } from '../../services/vehicles/assign-vehicle';
import { changeVehicleStatus } from '../../services/vehicles/change-vehicle-status';
import { cloneVehicle } from '../../services/vehicles/clone-vehicle';
import { createVehicle } from '../../services/vehicles/create-vehicle';
import { deleteVehicle } from '../../services/vehicles/delete-vehicle';
import { exportVehicles } from '../../services/vehicles/export-vehicles';
import { getVehicle } from '../../services/vehicles/get-vehicle';
import { importVehicles } from '../../services/vehicles/import-vehicles';
import { listVehicles } from '../../services/vehicles/list-vehicles';
import { resyncVehicle } from '../../services/vehicles/resync-vehicle';
import { updateVehicle } from '../../services/vehicles/update-vehicle';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Vehicles: list, export, import, read, create, edit, delete, status, clone, assign, resync. */
export function vehicleRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.vehicles;
  return {
    listVehicles: async (request) => listVehicles(d, callerOf(request), request.query as ListParams),
    exportVehicles: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="vehicles.csv"')
        .send(await exportVehicles(d, callerOf(request), request.query as ListParams)),
    importVehicles: async (request) =>
      importVehicles(d, callerOf(request), request.body as { rows: Schemas['VehicleInput'][] }),
    getVehicle: async (request) => getVehicle(d, callerOf(request), request.params as IdParams),
    createVehicle: async (request, reply) =>
      reply.code(201).send(await createVehicle(d, callerOf(request), request.body as Schemas['VehicleInput'])),
    updateVehicle: async (request) =>
      updateVehicle(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['VehiclePatch'],
      }),
    deleteVehicle: async (request, reply) => {
      await deleteVehicle(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
    changeVehicleStatus: async (request) =>
      changeVehicleStatus(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Schemas['StatusInput'],
      }),
    cloneVehicle: async (request, reply) =>
      reply.code(201).send(
        await cloneVehicle(d, callerOf(request), {
          id: (request.params as IdParams).id,
          body: request.body as { vin: string; registrationNumber: string },
        }),
      ),
    assignVehicle: async (request) =>
      assignVehicle(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Schemas['AssignInput'],
      }),
    resyncVehicle: async (request) => resyncVehicle(d, callerOf(request), request.params as IdParams),
  };
}
