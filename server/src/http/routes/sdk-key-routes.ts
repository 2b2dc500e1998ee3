import type { ServiceDeps } from '../../deps';
import { createSdkKey, listSdkKeys, revokeSdkKey, updateSdkKey } from '../../services/sdk-keys/sdk-keys';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
type Body = Record<string, unknown>;

/** The organisation's widget SDK keys and their widget config, managed in Settings (decision 0123). */
export function sdkKeyRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.sdkKeys;
  return {
    listSdkKeys: async (request) => listSdkKeys(d, callerOf(request)),
    createSdkKey: async (request, reply) =>
      reply.code(201).send(await createSdkKey(d, callerOf(request), { body: request.body as Body })),
    updateSdkKey: async (request) =>
      updateSdkKey(d, callerOf(request), { id: (request.params as IdParams).id, body: request.body as Body }),
    revokeSdkKey: async (request) => revokeSdkKey(d, callerOf(request), request.params as IdParams),
  };
}
