import type { ServiceDeps } from '../../deps';
import type { ListParams } from '../../services/lib/list-query';
import { getVehicleTripRoute } from '../../services/trips/get-vehicle-trip-route';
import { listVehicleLocations } from '../../services/trips/list-vehicle-locations';
import { listVehicleTrips } from '../../services/trips/list-vehicle-trips';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** A vehicle's trips, a trip's route and the vehicle's saved locations (decision 0114). */
export function tripRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.trips;
  return {
    listVehicleTrips: async (request) =>
      listVehicleTrips(d, callerOf(request), {
        ...(request.query as ListParams),
        id: (request.params as IdParams).id,
      }),
    getVehicleTripRoute: async (request) =>
      getVehicleTripRoute(d, callerOf(request), request.params as { id: string; tripId: string }),
    listVehicleLocations: async (request) => listVehicleLocations(d, callerOf(request), request.params as IdParams),
  };
}
