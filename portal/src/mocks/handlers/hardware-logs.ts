import { listHardwareLogs } from '@services/hardware-logs/list-hardware-logs';
import { getWorldDb } from '../world/world-instance';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldHardwareLogDeps } from '../adapter/hardware-log-store';
import { listParamsOf } from '../adapter/list-params';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';

/** Logger-device messages: an adapter over the services' `listHardwareLogs` (generated from the clock in the demo). */
export function createHardwareLogHandlers(http: ApiHttp) {
  return [
    http.get('/hardware-logs', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const deps = worldHardwareLogDeps(db, ctx.granted);
        return response(200).json(await listHardwareLogs(deps, callerOf(ctx), listParamsOf(new URL(request.url))));
      }),
    ),
  ];
}
