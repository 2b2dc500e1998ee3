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

/**
 * Validates one row with the same schema as the add form. With `knownModelIds` (the EV models in scope, once loaded)
 * it also flags a model id that is not one of them; the server re-checks (VIN taken, model of your OEM...).
 */
export function validateVehicleRow(
  cells: Record<string, string>,
  knownModelIds?: ReadonlySet<string>,
): RowVerdict<VehicleInput> {
  const parsed = vehicleFormSchema.safeParse({
    vin: cells.vin ?? '',
    registrationNumber: cells.registrationNumber ?? '',
    modelId: cells.modelId ?? '',
    connectivity: cells.connectivity ?? '',
    status: cells.status?.trim() || '1',
  });
  const errors = parsed.success ? {} : issuesToRowErrors(parsed.error.issues);
  const modelId = cells.modelId?.trim();
  if (modelId && knownModelIds && !knownModelIds.has(modelId)) errors.modelId ??= NO_SUCH_MODEL;
  if (!parsed.success || Object.keys(errors).length > 0) return { value: null, errors };
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

/** What the preview and the demo server say of a model id that is not an EV model the user may use. */
export const NO_SUCH_MODEL = 'No EV model you may use has this id.';

/** The vehicle list's import: its columns, preview and validation (see `validateVehicleRow` for `knownModelIds`). */
export function vehicleImportConfig(knownModelIds?: ReadonlySet<string>): CsvImportConfig<VehicleInput> {
  return {
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
    fieldLabels: {
      status: 'Status',
      fleetId: 'Fleet',
      dealerId: 'Service centre',
      evOwnerId: 'EV owner',
      driverId: 'Driver',
    },
    uniqueColumn: 'vin',
    errorFileName: 'vehicles-with-errors.csv',
    validate: (cells) => validateVehicleRow(cells, knownModelIds),
  };
}

/** Parses a vehicle import CSV (header row, then one vehicle per line) and validates every row; never drops a row. */
export function parseVehicleCsv(text: string, knownModelIds?: ReadonlySet<string>): ParsedImport<VehicleInput> {
  return parseImportCsv(text, vehicleImportConfig(knownModelIds));
}
