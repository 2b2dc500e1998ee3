import { importDevices } from '@services/devices/import-devices';
import type { Schemas } from '@services/lib/api-types';
import Papa from 'papaparse';
import { ACTION } from '@/domain/permissions';
import type { Device, DeviceType } from '../world/types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldDeviceDeps } from '../adapter/device-store';
import { getWorldDb } from '../world/world-instance';
import { allMatches, importRowsOf } from './csv-transfer';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { readJsonObject } from './lib/body';
import { invalidQuery, validationFailed } from './lib/http-error';
import { deviceFilterFor } from './lib/scope';

import { AUDIT_ENTITY, asApi, DEVICE_LIST, DEVICE_TYPES, LIST_KEY, TABLE } from './devices';

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
];
const EXTRA_COLUMNS: Partial<Record<DeviceType, string[]>> = {
  BMS: ['chemistry', 'cooling', 'cellCount', 'soc', 'soh', 'cycleCount'],
  MCU: ['motorType', 'ratedPowerKw'],
  LOGGER: ['imei'],
};

/** One CSV line of a device: its API fields with the kind's spec flattened beside them. */
function exportRow(d: Device): Record<string, unknown> {
  const { bms, mcu, ...rest } = asApi(d);
  return { ...rest, ...bms, ...mcu };
}

/**
 * Device import (BMS, MCU or VCU rows from a CSV, each validated as a create) and CSV export of one kind's matches.
 * Registered before `devices.ts`, so that `/devices/export` is not read as the device `export`.
 */
export function createDeviceImportExportHandlers(http: ApiHttp) {
  return [
    http.post('/devices/import', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = requireAuth(request, db);
        const body = await readJsonObject(request);
        // What the server's request validation refuses before the service runs: too many rows, a row not an object.
        const rows = importRowsOf(body).map((row, i) => {
          if (typeof row !== 'object' || row === null || Array.isArray(row)) {
            throw validationFailed({ [`rows.${i}`]: 'Not a device.' });
          }
          return row as Schemas['DeviceImportRow'];
        });
        const input = { type: body.type as 'BMS', rows };
        return response(200).json(await importDevices(worldDeviceDeps(db, ctx.granted), callerOf(ctx), input));
      }),
    ),

    http.get('/devices/export', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const url = new URL(request.url);
      const asked = url.searchParams.get('filter[type]');
      const type = DEVICE_TYPES.find((t) => t === asked);
      if (!type) throw invalidQuery('filter[type] must name one device type.');
      requirePermission(ctx, LIST_KEY[type], ACTION.EXPORT);
      const rows = Array.from(db.tables[TABLE[type]].values()).filter(deviceFilterFor(ctx, db));
      const items = allMatches(url, rows, DEVICE_LIST);
      const csv = Papa.unparse(items.map(exportRow), { columns: [...EXPORT_COLUMNS, ...(EXTRA_COLUMNS[type] ?? [])] });
      await recordAudit(db, ctx, AUDIT_ENTITY[type], 'export', 'Export', `Exported ${items.length} ${type} devices`);
      await db.persist();
      return response(200).text(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
  ];
}
