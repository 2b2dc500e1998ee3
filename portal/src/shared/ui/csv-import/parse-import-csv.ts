import Papa from 'papaparse';

/** Field -> message; `row` for errors that belong to no field. */
export type RowErrors = Record<string, string>;

/** What a kind's validator says about one line: the request body when valid, else its field errors. */
export interface RowVerdict<TInput> {
  value: TInput | null;
  errors: RowErrors;
}

/** What the import dialog and parser need to know about one kind of row (vehicle, BMS, MCU, VCU...). */
export interface CsvImportConfig<TInput> {
  /** The noun of titles and counts, singular and plural: vehicle/vehicles, BMS device/BMS devices. */
  noun: { one: string; other: string };
  /** Columns a file must have; others are ignored (so an export is a valid import file). */
  requiredColumns: readonly string[];
  /** One sentence under the drop zone that names the columns. */
  columnsHint: string;
  /** Cells shown in the preview table, in order. */
  previewColumns: readonly { key: string; label: string }[];
  /** How errors name fields that are not preview columns ("Fleet" for `fleetId`), as the add form labels them. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** A column whose value must not repeat within a file (VIN, serial number): the later line gets the error. */
  uniqueColumn?: string;
  /** Name of the file of rejected rows offered after an import. */
  errorFileName: string;
  /** Validates one line with the same rules as the add form; the server re-checks what only it knows. */
  validate: (cells: Record<string, string>) => RowVerdict<TInput>;
}

/** One data line of an import file with what validation said about it. */
export interface ImportRow<TInput> extends RowVerdict<TInput> {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  cells: Record<string, string>;
}

export interface ParsedImport<TInput> {
  rows: ImportRow<TInput>[];
  /** Set when the file as a whole cannot be imported (missing columns, not CSV, no rows). */
  fileError: string | null;
}

/**
 * One line's errors as a person reads them: each field named as the form names it ("VIN: …", not "vin: …"), and an
 * error of the whole line (`row`) without a name.
 */
export function describeRowErrors(
  errors: RowErrors,
  config: Pick<CsvImportConfig<unknown>, 'previewColumns' | 'fieldLabels'>,
  separator = ' ',
): string {
  return Object.entries(errors)
    .map(([field, message]) => {
      if (field === 'row') return message;
      const label = config.fieldLabels?.[field] ?? config.previewColumns.find((c) => c.key === field)?.label ?? field;
      return `${label}: ${message}`;
    })
    .join(separator);
}

/** The first message per field of a schema's issues (zod's `error.issues`), keyed by the issue's top-level path. */
export function issuesToRowErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): RowErrors {
  const errors: RowErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'row')] ??= issue.message;
  return errors;
}

/** Parses an import CSV (header row, then one item per line) and validates every row; never drops a row. */
export function parseImportCsv<TInput>(text: string, config: CsvImportConfig<TInput>): ParsedImport<TInput> {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const columns = result.meta.fields ?? [];
  const missing = config.requiredColumns.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return { rows: [], fileError: `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.` };
  }
  const firstLineOf = new Map<string, number>();
  const rows = result.data.map((cells, i): ImportRow<TInput> => {
    const line = i + 2;
    const verdict = config.validate(cells);
    const unique = config.uniqueColumn;
    const key = unique ? cells[unique]?.trim() : undefined;
    if (unique && key) {
      const first = firstLineOf.get(key);
      if (first === undefined) firstLineOf.set(key, line);
      else if (!verdict.errors[unique])
        return { line, cells, value: null, errors: { ...verdict.errors, [unique]: `Repeats line ${first}.` } };
    }
    return { line, cells, ...verdict };
  });
  for (const error of result.errors) {
    const row = error.row === undefined ? undefined : rows[error.row];
    if (row) {
      row.errors.row ??= error.message;
      row.value = null;
    }
  }
  return { rows, fileError: rows.length === 0 ? `The file has no ${config.noun.other}.` : null };
}

/** `n` with the config's noun in the right number: "1 vehicle", "3 BMS devices". */
export function countOf(config: Pick<CsvImportConfig<unknown>, 'noun'>, n: number): string {
  return `${n} ${n === 1 ? config.noun.one : config.noun.other}`;
}
