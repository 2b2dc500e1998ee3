import type { ServiceDeps } from '../../deps';
import { createDevice } from '../../services/devices/create-device';
import { deleteDevice } from '../../services/devices/delete-device';
import { getDevice } from '../../services/devices/get-device';
import { listDevices } from '../../services/devices/list-devices';
import { updateDevice } from '../../services/devices/update-device';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Devices (BMS, MCU, VCU, loggers): list, read, create, edit, delete. */
export function deviceRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.devices;
  return {
    listDevices: async (request) => listDevices(d, callerOf(request), request.query as ListParams),
    getDevice: async (request) => getDevice(d, callerOf(request), request.params as IdParams),
    createDevice: async (request, reply) =>
      reply.code(201).send(await createDevice(d, callerOf(request), request.body as Schemas['DeviceInput'])),
    updateDevice: async (request) =>
      updateDevice(d, callerOf(request), {
        id: (request.params as IdParams).id,
        patch: request.body as Schemas['DevicePatch'],
      }),
    deleteDevice: async (request, reply) => {
      await deleteDevice(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
  };
}
