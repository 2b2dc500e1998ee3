import Papa from 'papaparse';
import { ACTION } from '@/domain/permissions';
import type { Device, DeviceType } from '../world/types';
import { getWorldDb } from '../world/world-instance';
import { allMatches, importEach, importRowsOf, recordImport } from './csv-transfer';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { readJsonObject } from './lib/body';
import { invalidQuery, validationFailed } from './lib/http-error';
import { deviceFilterFor } from './lib/scope';

import { AUDIT_ENTITY, asApi, buildDevice, DEVICE_LIST, DEVICE_TYPES, LIST_KEY, TABLE } from './devices';

/** Kinds with a master list that imports; loggers are added one by one in component management. */
const IMPORT_TYPES = ['BMS', 'MCU', 'VCU'] as const;
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
    http.post('/devices/import', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      const body = await readJsonObject(request);
      const type = IMPORT_TYPES.find((t) => t === body.type);
      if (!type) throw validationFailed({ type: 'Choose BMS, MCU or VCU.' });
      requirePermission(ctx, LIST_KEY[type], ACTION.IMPORT);
      const rows = importRowsOf(body);
      const serials = new Set(Array.from(db.tables[TABLE[type]].values(), (d) => d.serialNumber));
      const { created, errors } = await importEach(rows, type, (input) => {
        // Only the columns of an import row: a row cannot smuggle in a type or an IMEI.
        const fields = {
          serialNumber: input.serialNumber,
          modelId: input.modelId,
          firmwareVersion: input.firmwareVersion,
        };
        const device = buildDevice(ctx, db, type, fields, (serial) => serials.has(serial));
        db.tables[TABLE[type]].insert(device);
        serials.add(device.serialNumber);
        return device;
      });
      await recordImport(db, ctx, AUDIT_ENTITY[type], created, `Imported ${created.length} ${type} devices`);
      return response(200).json({ created: created.map(asApi), errors });
    }),

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
