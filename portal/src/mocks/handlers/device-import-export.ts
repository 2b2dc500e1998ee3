import { exportDevices } from '@services/devices/export-devices';
import { importDevices } from '@services/devices/import-devices';
import type { Schemas } from '@services/lib/api-types';
import { answering } from '../adapter/answer';
import { callerOf } from '../adapter/caller';
import { worldDeviceDeps } from '../adapter/device-store';
import { listParamsOf } from '../adapter/list-params';
import { getWorldDb } from '../world/world-instance';
import { importRowsOf } from './csv-transfer';
import type { ApiHttp } from './http';
import { requireAuth } from './lib/auth-context';
import { readJsonObject } from './lib/body';
import { validationFailed } from './lib/http-error';

/**
 * Device import (BMS, MCU or VCU rows from a CSV, each validated as a create) and CSV export of one kind's matches.
 * Registered before `devices.ts`, so that `/devices/export` is not read as the device `export`.
 */
export function createDeviceImportExportHandlers(http: ApiHttp) {
  return [
    http.post('/devices/import', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
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

    http.get('/devices/export', async ({ request, response }) =>
      answering(async () => {
        const db = await getWorldDb();
        const ctx = await requireAuth(request, db);
        const { page: _page, pageSize: _pageSize, ...params } = listParamsOf(new URL(request.url));
        const csv = await exportDevices(worldDeviceDeps(db, ctx.granted), callerOf(ctx), params);
        return response(200).text(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    ),
  ];
}
