import { notFound } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { deviceInScope } from '../devices/get-device';
import type { Device } from '../devices/device-types';
import { CYCLE_LIST } from './cycle-list-spec';
import type { BatteryCycleDeps } from './cycle-store';

/** The BMS in the caller's scope (a device of another kind, or outside the scope, is 404 `what`). */
export async function bmsInScope(deps: BatteryCycleDeps, caller: Caller, id: string, what: string): Promise<Device> {
  const device = await deviceInScope(deps.devices, caller, id);
  if (device.type !== 'BMS' || !device.bms) throw notFound(what);
  return device;
}

/** GET /devices/{id}/cycles: one page of a BMS's battery cycles (newest first by default). Needs `BMS.l.d.bsc`. */
export async function listBatteryCycles(
  deps: BatteryCycleDeps,
  caller: Caller,
  input: ListParams & { id: string },
): Promise<Schemas['BatteryCyclePage']> {
  requirePermission(caller, 'BMS.l.d.bsc');
  const { id, q: _q, ...params } = input;
  const bms = await bmsInScope(deps, caller, id, 'Battery cycles');
  const query = parseListQuery(params, CYCLE_LIST);
  const { items, total } = await deps.cycles.list(bms.id, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
