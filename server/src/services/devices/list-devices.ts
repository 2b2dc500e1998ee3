import { forbidden } from '../lib/app-error';
import type { Schemas } from '../lib/api-types';
import { allows, type Caller } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { DEVICE_LIST } from './device-list-spec';
import { deviceScopeOf } from './device-scope';
import type { DeviceDeps } from './device-store';
import { DEVICE_LIST_KEY, DEVICE_TYPES, type DeviceType } from './device-types';

/**
 * GET /devices: one page of the devices in the caller's scope, of the kinds they may list. Asking (`filter[type]`) for
 * a kind they may not list is 403; with no kind asked they get every kind they may list, and 403 when there is none.
 */
export async function listDevices(deps: DeviceDeps, caller: Caller, input: ListParams): Promise<Schemas['DevicePage']> {
  const query = parseListQuery(input, DEVICE_LIST);
  const asked = query.filters.find((f) => f.field === 'type')?.values as DeviceType[] | undefined;
  const types = asked ? DEVICE_TYPES.filter((t) => asked.includes(t)) : DEVICE_TYPES;
  const allowed = types.filter((t) => allows(caller, DEVICE_LIST_KEY[t]));
  if (allowed.length === 0 || (asked && allowed.length < types.length)) throw forbidden();
  const filters = [...query.filters.filter((f) => f.field !== 'type'), { field: 'type' as const, values: allowed }];
  const { items, total } = await deps.devices.list(deviceScopeOf(caller), { ...query, filters });
  return { items, total, page: query.page, pageSize: query.pageSize };
}
