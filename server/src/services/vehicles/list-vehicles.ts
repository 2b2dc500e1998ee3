import { ACTION } from '@/domain/permissions';
import type { Schemas } from '../lib/api-types';
import { allows, type Caller, requirePermission } from '../lib/caller';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { VEHICLE_LIST } from './vehicle-list-spec';
import { vehicleScopeOf } from './vehicle-scope';
import type { VehicleDeps } from './vehicle-store';

/**
 * GET /vehicles: one page of the vehicles in the caller's scope. Needs the vehicle list or details permission, or
 * the Assign action on a BMS, MCU or VCU list (to pick the vehicle a device is fitted to).
 */
export async function listVehicles(
  deps: VehicleDeps,
  caller: Caller,
  input: ListParams,
): Promise<Schemas['VehiclePage']> {
  const mayFitDevices = (['BMS.l', 'MCU.l', 'VCU.l'] as const).some((key) => allows(caller, key, ACTION.ASSIGN));
  if (!mayFitDevices) requirePermission(caller, { anyOf: ['vh.l', 'vh.l.d'] });
  const query = parseListQuery(input, VEHICLE_LIST);
  const { items, total } = await deps.vehicles.list(vehicleScopeOf(caller), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
