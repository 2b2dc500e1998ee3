import { validationFailed } from '@services/lib/app-error';
import { exportVehicles } from '@services/vehicles/export-vehicles';
import { importVehicles } from '@services/vehicles/import-vehicles';
import { answering } from '../adapter/answer';
import { listParamsOf } from '../adapter/list-params';
import { importRowsOf } from './csv-transfer';
import type { ApiHttp } from './http';
import { readJsonObject } from './lib/body';
import { checkVehicleInput, vehicleCall } from './vehicles';

/**
 * Vehicle import (JSON rows from a CSV, each checked as a create) and CSV export of the list's matches, by the services
 * the server calls. Registered before `vehicles.ts`, so that `/vehicles/export` is not read as the vehicle `export`.
 */
export function createVehicleImportExportHandlers(http: ApiHttp) {
  return [
    http.post('/vehicles/import', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const rows = importRowsOf(await readJsonObject(request)).map((input, row) => {
          if (typeof input !== 'object' || input === null || Array.isArray(input)) {
            throw validationFailed({ [`rows.${row}`]: 'Must be of type object.' });
          }
          return checkVehicleInput(input as Record<string, unknown>, `rows.${row}.`);
        });
        return response(200).json(await importVehicles(deps, caller, { rows }));
      }),
    ),

    http.get('/vehicles/export', async ({ request, response }) =>
      answering(async () => {
        const { deps, caller } = await vehicleCall(request);
        const { page: _page, pageSize: _pageSize, ...params } = listParamsOf(new URL(request.url));
        const csv = await exportVehicles(deps, caller, params);
        return response(200).text(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    ),
  ];
}
