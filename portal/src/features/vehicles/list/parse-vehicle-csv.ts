import {
  type CsvImportConfig,
  issuesToRowErrors,
  type ParsedImport,
  parseImportCsv,
  type RowVerdict,
} from '@/shared/ui/csv-import/parse-import-csv';
import type { VehicleInput } from './api/vehicle-mutations';
import { vehicleFormSchema } from './vehicle-form-schema';

export const IMPORT_REQUIRED_COLUMNS = ['vin', 'registrationNumber', 'modelId', 'connectivity'] as const;
const OWNER_COLUMNS = ['dealerId', 'fleetId', 'evOwnerId', 'driverId'] as const;

/** Validates one row with the same schema as the add form; the server re-checks (VIN taken, model of your OEM...). */
export function validateVehicleRow(cells: Record<string, string>): RowVerdict<VehicleInput> {
  const parsed = vehicleFormSchema.safeParse({
    vin: cells.vin ?? '',
    registrationNumber: cells.registrationNumber ?? '',
    modelId: cells.modelId ?? '',
    connectivity: cells.connectivity ?? '',
    status: cells.status?.trim() || '1',
  });
  if (!parsed.success) return { value: null, errors: issuesToRowErrors(parsed.error.issues) };
  const value: VehicleInput = {
    vin: parsed.data.vin,
    registrationNumber: parsed.data.registrationNumber,
    modelId: parsed.data.modelId,
    connectivity: parsed.data.connectivity,
    status: parsed.data.status === '1' ? 1 : 0,
  };
  for (const column of OWNER_COLUMNS) {
    const id = cells[column]?.trim();
    if (id) value[column] = id;
  }
  return { value, errors: {} };
}

/** The vehicle list's import: its columns, preview and validation. */
export const VEHICLE_IMPORT: CsvImportConfig<VehicleInput> = {
  noun: { one: 'vehicle', other: 'vehicles' },
  requiredColumns: IMPORT_REQUIRED_COLUMNS,
  columnsHint:
    'Columns: vin, registrationNumber, modelId, connectivity; optional status, fleetId, dealerId, evOwnerId, driverId.',
  previewColumns: [
    { key: 'vin', label: 'VIN' },
    { key: 'registrationNumber', label: 'Registration' },
    { key: 'modelId', label: 'Model' },
    { key: 'connectivity', label: 'Connectivity' },
  ],
  uniqueColumn: 'vin',
  errorFileName: 'vehicles-with-errors.csv',
  validate: validateVehicleRow,
};

/** Parses a vehicle import CSV (header row, then one vehicle per line) and validates every row; never drops a row. */
export function parseVehicleCsv(text: string): ParsedImport<VehicleInput> {
  return parseImportCsv(text, VEHICLE_IMPORT);
}
