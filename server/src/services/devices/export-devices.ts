import { ACTION } from '@/domain/permissions';
import { appendAudit } from '../audit/audit-chain';
import { invalidQuery } from '../lib/app-error';
import { type Caller, requirePermission } from '../lib/caller';
import { toCsv } from '../lib/csv';
import { type ListParams, parseListQuery } from '../lib/list-query';
import { DEVICE_LIST } from './device-list-spec';
import { deviceScopeOf } from './device-scope';
import type { DeviceDeps } from './device-store';
import { DEVICE_AUDIT_ENTITY, DEVICE_LIST_KEY, DEVICE_TYPES, type Device, type DeviceType } from './device-types';

/** The most rows one export holds (the largest demo world). */
const EXPORT_MAX_ROWS = 100_000;

/** Export columns; the first three are the columns an import reads, so an export can be edited and imported again. */
const EXPORT_COLUMNS = [
  'serialNumber',
  'modelId',
  'firmwareVersion',
  'id',
  'type',
  'oemId',
  'vehicleId',
  'status',
  'state',
  'isLive',
  'lastSeenAt',
  'createdAt',
] as const;
const EXTRA_COLUMNS: Partial<Record<DeviceType, readonly string[]>> = {
  BMS: ['chemistry', 'cooling', 'cellCount', 'soc', 'soh', 'cycleCount'],
  MCU: ['motorType', 'ratedPowerKw'],
  LOGGER: ['imei'],
};

/** One CSV line of a device: its fields with the kind's spec flattened beside them. */
function exportRow({ bms, mcu, ...rest }: Device): Record<string, unknown> {
  return { ...rest, ...bms, ...mcu };
}

/**
 * GET /devices/export: every device of one kind (`filter[type]`, required) in scope matching the list's sort, filters,
 * search and range, as CSV. Needs the Export action on the kind's list. Audited.
 */
export async function exportDevices(
  deps: DeviceDeps,
  caller: Caller,
  input: Omit<ListParams, 'page' | 'pageSize'>,
): Promise<string> {
  const type = DEVICE_TYPES.find((t) => t === input.filter?.type);
  if (!type) throw invalidQuery('filter[type] must name one device type.');
  requirePermission(caller, DEVICE_LIST_KEY[type], ACTION.EXPORT);
  const query = { ...parseListQuery({ ...input, page: 1 }, DEVICE_LIST), pageSize: EXPORT_MAX_ROWS };
  const { items } = await deps.devices.list(deviceScopeOf(caller), query);
  const now = deps.now();
  await deps.transact((tx) =>
    appendAudit(
      tx.audit,
      caller,
      {
        entity: DEVICE_AUDIT_ENTITY[type],
        entityId: 'export',
        action: 'Export',
        summary: `Exported ${items.length} ${type} devices`,
        changes: [],
      },
      now,
    ),
  );
  return toCsv([...EXPORT_COLUMNS, ...(EXTRA_COLUMNS[type] ?? [])], items.map(exportRow));
}
