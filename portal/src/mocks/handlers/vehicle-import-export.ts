import Papa from 'papaparse';
import { ACTION } from '@/domain/permissions';
import { VEHICLE_EXPORT_COLUMNS } from '@/domain/vehicle-export';
import { getWorldDb } from '../world/world-instance';
import { allMatches, importEach, importRowsOf, recordImport } from './csv-transfer';
import type { ApiHttp } from './http';
import { requireAuth, requirePermission } from './lib/auth-context';
import { recordAudit } from './lib/audit-log';
import { readJsonObject } from './lib/body';
import { vehicleFilterFor } from './lib/scope';

import { buildVehicle, VEHICLE_LIST, vehicleToApi } from './vehicles';

/**
 * Vehicle import (JSON rows from a CSV, each validated as a create) and CSV export of the list's matches. Registered
 * before `vehicles.ts`, so that `/vehicles/export` is not read as the vehicle `export`.
 */
export function createVehicleImportExportHandlers(http: ApiHttp) {
  return [
    http.post('/vehicles/import', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.IMPORT);
      const rows = importRowsOf(await readJsonObject(request));
      const vins = new Set(Array.from(db.tables.vehicles.values(), (v) => v.vin));
      const { created, errors } = await importEach(rows, 'vehicle', (input) => {
        const vehicle = buildVehicle(ctx, db, input, (vin) => vins.has(vin));
        db.tables.vehicles.insert(vehicle);
        vins.add(vehicle.vin);
        return vehicle;
      });
      await recordImport(db, ctx, 'Vehicle', created, `Imported ${created.length} vehicles`);
      return response(200).json({ created: created.map((v) => vehicleToApi(db, v)), errors });
    }),

    http.get('/vehicles/export', async ({ request, response }) => {
      const db = await getWorldDb();
      const ctx = requireAuth(request, db);
      requirePermission(ctx, 'vh.l', ACTION.EXPORT);
      const rows = Array.from(db.tables.vehicles.values()).filter(vehicleFilterFor(ctx));
      const items = allMatches(new URL(request.url), rows, VEHICLE_LIST);
      const csv = Papa.unparse(
        items.map((v) => {
          const { lastLocation, names: _names, ...rest } = vehicleToApi(db, v);
          return { ...rest, lat: lastLocation.lat, lng: lastLocation.lng };
        }),
        { columns: VEHICLE_EXPORT_COLUMNS as unknown as string[] },
      );
      recordAudit(db, ctx, 'Vehicle', 'export', 'Export', `Exported ${items.length} vehicles`);
      await db.persist();
      return response(200).text(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }),
  ];
}
