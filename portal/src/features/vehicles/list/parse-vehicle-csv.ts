import Papa from 'papaparse';
import type { VehicleInput } from './api/vehicle-mutations';
import { vehicleFormSchema } from './vehicle-form-schema';

export const IMPORT_REQUIRED_COLUMNS = ['vin', 'registrationNumber', 'modelId', 'connectivity'] as const;
const OWNER_COLUMNS = ['dealerId', 'fleetId', 'evOwnerId', 'driverId'] as const;

/** One data line of an import file with what validation said about it. */
export interface ImportRow {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  cells: Record<string, string>;
  /** The request body, when the row passed validation. */
  value: VehicleInput | null;
  /** Field -> message; `row` for errors that belong to no field. */
  errors: Record<string, string>;
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Set when the file as a whole cannot be imported (missing columns, not CSV). */
  fileError: string | null;
}

/** Validates one row with the same schema as the add form; the server re-checks (VIN taken, model of your OEM...). */
export function validateImportRow(line: number, cells: Record<string, string>): ImportRow {
  const parsed = vehicleFormSchema.safeParse({
    vin: cells.vin ?? '',
    registrationNumber: cells.registrationNumber ?? '',
    modelId: cells.modelId ?? '',
    connectivity: cells.connectivity ?? '',
    status: cells.status?.trim() || '1',
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      errors[field] ??= issue.message;
    }
    return { line, cells, value: null, errors };
  }
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
  return { line, cells, value, errors: {} };
}

/** Parses an import CSV (header row, then one vehicle per line) and validates every row; never drops a row. */
export function parseVehicleCsv(text: string): ParsedImport {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const columns = result.meta.fields ?? [];
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return { rows: [], fileError: `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.` };
  }
  const rows = result.data.map((cells, i) => validateImportRow(i + 2, cells));
  for (const error of result.errors) {
    const row = error.row === undefined ? undefined : rows[error.row];
    if (row) row.errors.row ??= error.message;
  }
  return { rows, fileError: rows.length === 0 ? 'The file has no vehicles.' : null };
}
