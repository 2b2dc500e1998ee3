import type { ServiceDeps } from '../../deps';
import { assignDevice } from '../../services/devices/assign-device';
import { changeDeviceStatus } from '../../services/devices/change-device-status';
import { cloneDevice } from '../../services/devices/clone-device';
import { createDevice } from '../../services/devices/create-device';
import { deleteDevice } from '../../services/devices/delete-device';
import { exportDevices } from '../../services/devices/export-devices';
import { getDevice } from '../../services/devices/get-device';
import { importDevices } from '../../services/devices/import-devices';
import { listDevices } from '../../services/devices/list-devices';
import { resyncDevice } from '../../services/devices/resync-device';
import { updateDevice } from '../../services/devices/update-device';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Devices (BMS, MCU, VCU, loggers): list, read, create, edit, delete, clone, status, resync, assign, import, export. */
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
    cloneDevice: async (request, reply) =>
      reply.code(201).send(
        await cloneDevice(d, callerOf(request), {
          id: (request.params as IdParams).id,
          body: request.body as { serialNumber: string },
        }),
      ),
    changeDeviceStatus: async (request) =>
      changeDeviceStatus(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Schemas['StatusInput'],
      }),
    assignDevice: async (request) =>
      assignDevice(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as { vehicleId: string | null },
      }),
    exportDevices: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="devices.csv"')
        .send(await exportDevices(d, callerOf(request), request.query as ListParams)),
    importDevices: async (request) =>
      importDevices(d, callerOf(request), request.body as Parameters<typeof importDevices>[2]),
    resyncDevice: async (request) => resyncDevice(d, callerOf(request), request.params as IdParams),
  };
}
