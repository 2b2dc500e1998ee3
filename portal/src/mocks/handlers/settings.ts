import { createSdkKey, listSdkKeys, revokeSdkKey, updateSdkKey } from '@services/sdk-keys/sdk-keys';
import { createApiKey, listApiKeys, resetApiKey, revokeApiKey } from '@services/settings/api-keys';
import { deleteCompanyLogo, putCompanyLogo } from '@services/settings/company-logo';
import { patchDeliverySettings, rotateWebhookSecret } from '@services/settings/delivery-settings';
import { getCompanySettings } from '@services/settings/get-settings';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldSdkKeyDeps } from '../adapter/sdk-key-store';
import { worldSettingsDeps } from '../adapter/settings-store';
import { getWorldDb } from '../world/world-instance';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';

/** The caller of a request and the settings services' dependencies over the demo world. */
async function settingsCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldSettingsDeps(db) };
}

/** The caller of a request and the SDK key services' dependencies over the demo world (decision 0123). */
async function sdkKeyCall(request: Request) {
  const db = await getWorldDb();
  const ctx = await requireAuth(request, db);
  return { caller: callerOf(ctx), deps: worldSdkKeyDeps(db) };
}

/**
 * Company settings (`s`): logo (`s.logo`), delivery methods (`rule.dm`), REST API keys (`s.api`) and the widget's SDK
 * keys (`s`, decision 0123); audit Settings.
 * Adapters over the settings services.
 */
export function createSettingsHandlers(http: ApiHttp) {
  return [
    http.get('/settings', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        return response(200).json(await getCompanySettings(deps, caller));
      }),
    ),

    http.put('/settings/logo', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        const body = await readJsonObject(request);
        return response(200).json(await putCompanyLogo(deps, caller, { body }));
      }),
    ),

    http.delete('/settings/logo', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        await deleteCompanyLogo(deps, caller);
        return response(204).empty();
      }),
    ),

    http.patch('/settings/delivery', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        const body = await readJsonObject(request);
        return response(200).json(await patchDeliverySettings(deps, caller, { body }));
      }),
    ),

    http.post('/settings/delivery/webhook-secret', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        return response(200).json(await rotateWebhookSecret(deps, caller));
      }),
    ),

    http.get('/api-keys', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        return response(200).json(await listApiKeys(deps, caller));
      }),
    ),

    http.post('/api-keys', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        const body = await readJsonObject(request);
        return response(201).json(await createApiKey(deps, caller, { body }));
      }),
    ),

    http.post('/api-keys/{id}/reset', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        return response(200).json(await resetApiKey(deps, caller, { id: params.id }));
      }),
    ),

    http.post('/api-keys/{id}/revoke', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await settingsCall(request);
        return response(200).json(await revokeApiKey(deps, caller, { id: params.id }));
      }),
    ),

    http.get('/sdk-keys', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await sdkKeyCall(request);
        return response(200).json(await listSdkKeys(deps, caller));
      }),
    ),

    http.post('/sdk-keys', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await sdkKeyCall(request);
        const body = await readJsonObject(request);
        return response(201).json(await createSdkKey(deps, caller, { body }));
      }),
    ),

    http.patch('/sdk-keys/{id}', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await sdkKeyCall(request);
        const body = await readJsonObject(request);
        return response(200).json(await updateSdkKey(deps, caller, { id: params.id, body }));
      }),
    ),

    http.post('/sdk-keys/{id}/revoke', async ({ request, params, response }) =>
      answering(async () => {
        const { deps, caller } = await sdkKeyCall(request);
        return response(200).json(await revokeSdkKey(deps, caller, { id: params.id }));
      }),
    ),
  ];
}
