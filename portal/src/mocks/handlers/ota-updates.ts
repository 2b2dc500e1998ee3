import { listOtaUpdates } from '@services/firmware/ota-updates';
import { answering } from '../adapter/answer';
import { listParamsOf } from '../adapter/list-params';
import { firmwareCall } from './firmware-releases';
import { settleSeen } from './firmware-rollouts';
import type { ApiHttp } from './http';
import type { FirmwareHandlerOptions } from './lib/firmware';

/** The Device OTA history: an adapter over the services' `listOtaUpdates`, with open rollouts settled first. */
export function createOtaUpdateHandlers(http: ApiHttp, options: FirmwareHandlerOptions = {}) {
  return [
    http.get('/ota-updates', async ({ request, response }) =>
      answering(async () => {
        const { db, ctx, deps, caller } = await firmwareCall(request);
        // Settle open rollouts first, so that the history shows where they are now.
        await settleSeen(db, ctx, options.onUpdate);
        return response(200).json(await listOtaUpdates(deps, caller, listParamsOf(new URL(request.url))));
      }),
    ),
  ];
}
