import type { ServiceDeps } from '../../deps';
import { createDeviceGroup } from '../../services/device-groups/create-device-group';
import { deleteDeviceGroup } from '../../services/device-groups/delete-device-group';
import { getDeviceGroup } from '../../services/device-groups/get-device-group';
import { listDeviceGroups } from '../../services/device-groups/list-device-groups';
import { updateDeviceGroup } from '../../services/device-groups/update-device-group';
import type { Schemas } from '../../services/lib/api-types';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Device groups: list, read, create, edit, delete. */
export function deviceGroupRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.deviceGroups;
  return {
    listDeviceGroups: async (request) => listDeviceGroups(d, callerOf(request), request.query as ListParams),
    getDeviceGroup: async (request) => getDeviceGroup(d, callerOf(request), request.params as IdParams),
    createDeviceGroup: async (request, reply) =>
      reply.code(201).send(await createDeviceGroup(d, callerOf(request), request.body as Schemas['DeviceGroupInput'])),
    updateDeviceGroup: async (request) =>
      updateDeviceGroup(d, callerOf(request), {
        id: (request.params as IdParams).id,
        body: request.body as Schemas['DeviceGroupInput'],
      }),
    deleteDeviceGroup: async (request, reply) => {
      await deleteDeviceGroup(d, callerOf(request), request.params as IdParams);
      return reply.code(204).send();
    },
  };
}
