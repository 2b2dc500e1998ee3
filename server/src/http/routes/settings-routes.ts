import type { ServiceDeps } from '../../deps';
import { createApiKey, listApiKeys, resetApiKey, revokeApiKey } from '../../services/settings/api-keys';
import { deleteCompanyLogo, putCompanyLogo } from '../../services/settings/company-logo';
import { patchDeliverySettings, rotateWebhookSecret } from '../../services/settings/delivery-settings';
import { getCompanySettings } from '../../services/settings/get-settings';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };
type Body = Record<string, unknown>;

/** Company settings (logo, delivery methods) and REST API keys of the caller's company. */
export function settingsRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.settings;
  return {
    getCompanySettings: async (request) => getCompanySettings(d, callerOf(request)),
    putCompanyLogo: async (request) => putCompanyLogo(d, callerOf(request), { body: request.body as Body }),
    deleteCompanyLogo: async (request, reply) => {
      await deleteCompanyLogo(d, callerOf(request));
      return reply.code(204).send();
    },
    patchDeliverySettings: async (request) =>
      patchDeliverySettings(d, callerOf(request), { body: request.body as Body }),
    rotateWebhookSecret: async (request) => rotateWebhookSecret(d, callerOf(request)),
    listApiKeys: async (request) => listApiKeys(d, callerOf(request)),
    createApiKey: async (request, reply) =>
      reply.code(201).send(await createApiKey(d, callerOf(request), { body: request.body as Body })),
    resetApiKey: async (request) => resetApiKey(d, callerOf(request), request.params as IdParams),
    revokeApiKey: async (request) => revokeApiKey(d, callerOf(request), request.params as IdParams),
  };
}
