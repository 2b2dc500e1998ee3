import { ACTION } from '@/domain/permissions';
import { VEHICLE_EXPORT_COLUMNS } from '@/domain/vehicle-export';
import { appendAudit } from '../audit/audit-chain';
import { type Caller, requirePermission } from '../lib/caller';
import { toCsv } from '../lib/csv';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { VEHICLE_LIST } from './vehicle-list-spec';
import { vehicleScopeOf } from './vehicle-scope';
import type { VehicleDeps } from './vehicle-store';

/** The most rows one export holds (the largest demo world). */
export const EXPORT_MAX_ROWS = 100_000;

/** GET /vehicles/export: every vehicle in scope matching the list's sort, filters, search and range, as CSV. Audited. */
export async function exportVehicles(
  deps: VehicleDeps,
  caller: Caller,
  input: Omit<ListParams, 'page' | 'pageSize'>,
): Promise<string> {
  requirePermission(caller, 'vh.l', ACTION.EXPORT);
  const query = { ...parseListQuery({ ...input, page: 1 }, VEHICLE_LIST), pageSize: EXPORT_MAX_ROWS };
  const { items } = await deps.vehicles.list(vehicleScopeOf(caller), query);
  const rows = items.map(({ lastLocation, names: _names, ...rest }) => ({ ...rest, ...lastLocation }));
  const now = deps.now();
  await deps.transact((tx) =>
    appendAudit(
      tx.audit,
      caller,
      {
        entity: 'Vehicle',
        entityId: 'export',
        action: 'Export',
        summary: `Exported ${items.length} vehicles`,
        changes: [],
      },
      now,
    ),
  );
  return toCsv(VEHICLE_EXPORT_COLUMNS, rows);
}
