import type { ServiceDeps } from '../../deps';
import { acknowledgeFault } from '../../services/faults/acknowledge-fault';
import { getFault } from '../../services/faults/get-fault';
import { listFaults } from '../../services/faults/list-faults';
import type { ListParams } from '../../services/lib/list-query';
import { callerOf } from '../caller';
import type { OperationHandlers } from './route-handler';

type IdParams = { id: string };

/** Fault and alert occurrences: list, read, acknowledge. */
export function faultRoutes(deps: ServiceDeps): OperationHandlers {
  const d = deps.faults;
  return {
    listFaults: async (request) => listFaults(d, callerOf(request), request.query as ListParams),
    getFault: async (request) => getFault(d, callerOf(request), request.params as IdParams),
    acknowledgeFault: async (request) => acknowledgeFault(d, callerOf(request), request.params as IdParams),
  };
}
