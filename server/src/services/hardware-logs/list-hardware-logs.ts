import { deviceScopeOf } from '../devices/device-scope';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { HARDWARE_LOG_LIST } from './hardware-log-list-spec';
import type { HardwareLogDeps } from './hardware-log-store';

/**
 * GET /hardware-logs: one page of the messages that logger devices in the caller's device scope (`deviceScopeOf`)
 * sent; needs `hl`. A `deviceId` filter naming a logger outside the scope matches nothing (the contract lists no 404).
 */
export async function listHardwareLogs(
  deps: HardwareLogDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['HardwareLogPage']> {
  requirePermission(caller, 'hl');
  const query = parseListQuery(input, HARDWARE_LOG_LIST);
  const { items, total } = await deps.hardwareLogs.list(deviceScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
