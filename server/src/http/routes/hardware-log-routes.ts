import type { ServiceDeps } from '../../deps';
import { listHardwareLogs } from '../../services/hardware-logs/list-hardware-logs';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

/** The messages logger devices sent: one page at a time. */
export function hardwareLogRoutes(deps: ServiceDeps): OperationHandlers {
  return {
    listHardwareLogs: async (request) =>
      listHardwareLogs(deps.hardwareLogs, callerOf(request), request.query as ListParams),
  };
}
