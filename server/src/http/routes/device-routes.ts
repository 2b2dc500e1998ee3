import type { ServiceDeps } from '../../deps';
import { getDevice } from '../../services/devices/get-device';
import { listDevices } from '../../services/devices/list-devices';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Devices (BMS, MCU, VCU, loggers): list and read. */
export function deviceRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.devices;
  return {
    listDevices: async (request) => listDevices(d, callerOf(request), request.query as ListParams),
    getDevice: async (request) => getDevice(d, callerOf(request), request.params as IdParams),
  };
}
