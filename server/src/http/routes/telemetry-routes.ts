import type { ServiceDeps } from '../../deps';
import { getCycleCells } from '../../services/battery-cycles/get-cycle-cells';
import { listBatteryCycles } from '../../services/battery-cycles/list-battery-cycles';
import type { ListParams } from '../../services/lib/list-query';
import { getDeviceTelemetry, getVehicleTelemetry, type TelemetryInput } from '../../services/telemetry/get-telemetry';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
type TelemetryQuery = Omit<TelemetryInput, 'id'>;

/** Telemetry of a vehicle or a device, a BMS's battery cycles and a cycle's cells (decision 0114). */
export function telemetryRoutes(deps: ServiceDeps): OperationHandlers {
  return {
    getVehicleTelemetry: async (request) =>
      getVehicleTelemetry(deps.telemetry, callerOf(request), {
        ...(request.query as TelemetryQuery),
        id: (request.params as IdParams).id,
      }),
    getDeviceTelemetry: async (request) =>
      getDeviceTelemetry(deps.telemetry, callerOf(request), {
        ...(request.query as TelemetryQuery),
        id: (request.params as IdParams).id,
      }),
    listBatteryCycles: async (request) =>
      listBatteryCycles(deps.batteryCycles, callerOf(request), {
        ...(request.query as ListParams),
        id: (request.params as IdParams).id,
      }),
    getCycleCells: async (request) =>
      getCycleCells(deps.batteryCycles, callerOf(request), {
        ...(request.query as { points?: number }),
        ...(request.params as { id: string; cycleId: string }),
      }),
  };
}
