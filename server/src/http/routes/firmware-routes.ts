import type { ServiceDeps } from '../../deps';
import { listOtaUpdates } from '../../services/firmware/ota-updates';
import { createFirmwareRelease, getFirmwareRelease, listFirmwareReleases } from '../../services/firmware/releases';
import {
  changeFirmwareRolloutState,
  createFirmwareRollout,
  getFirmwareRollout,
  listFirmwareRolloutDevices,
  listFirmwareRollouts,
  rollbackFirmwareRollout,
} from '../../services/firmware/rollouts';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
const idOf = (request: { params: unknown }) => (request.params as IdParams).id;

/** Firmware (decision 0074): releases, staged rollouts and their state machine, the Device OTA history. */
export function firmwareRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.firmware;
  return {
    listFirmwareReleases: async (request) => listFirmwareReleases(d, callerOf(request), request.query as ListParams),
    getFirmwareRelease: async (request) => getFirmwareRelease(d, callerOf(request), { id: idOf(request) }),
    createFirmwareRelease: async (request, reply) =>
      reply.code(201).send(await createFirmwareRelease(d, callerOf(request), request.body as Record<string, unknown>)),
    listFirmwareRollouts: async (request) => listFirmwareRollouts(d, callerOf(request), request.query as ListParams),
    getFirmwareRollout: async (request) => getFirmwareRollout(d, callerOf(request), { id: idOf(request) }),
    listFirmwareRolloutDevices: async (request) =>
      listFirmwareRolloutDevices(d, callerOf(request), { id: idOf(request), list: request.query as ListParams }),
    createFirmwareRollout: async (request, reply) =>
      reply.code(201).send(await createFirmwareRollout(d, callerOf(request), request.body as Record<string, unknown>)),
    pauseFirmwareRollout: async (request) =>
      changeFirmwareRolloutState(d, callerOf(request), { id: idOf(request), action: 'pause' }),
    resumeFirmwareRollout: async (request) =>
      changeFirmwareRolloutState(d, callerOf(request), { id: idOf(request), action: 'resume' }),
    cancelFirmwareRollout: async (request) =>
      changeFirmwareRolloutState(d, callerOf(request), { id: idOf(request), action: 'cancel' }),
    rollbackFirmwareRollout: async (request, reply) =>
      reply.code(201).send(await rollbackFirmwareRollout(d, callerOf(request), { id: idOf(request) })),
    listOtaUpdates: async (request) => listOtaUpdates(d, callerOf(request), request.query as ListParams),
  };
}
