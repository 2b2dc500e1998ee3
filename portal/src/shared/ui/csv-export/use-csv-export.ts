import { useState } from 'react';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { toCsv } from '@/shared/ui/data-table/to-csv';
import { notify } from '@/shared/ui/notify';

/** A made export: the file's name and text, and what the success toast says about it. */
export interface CsvFile {
  fileName: string;
  csv: string;
  description: string;
}

export interface CsvExport {
  exporting: boolean;
  onExport: () => Promise<void>;
}

/**
 * An Export CSV button's handler: makes the file, hands it to the browser's download and says so in a toast
 * ("Exported the audit log"), or says why not ("Could not export the audit log"). `makeFile` returns null when there is
 * nothing to export yet (the list has not set its params). Spread the result on `ExportCsvButton`.
 *
 * @example
 * const csvExport = useCsvExport('the audit log', async () => {
 *   const { items, total } = await listAllAudit(params);
 *   return cappedCsvFile({ fileName: 'audit-log.csv', columns, rows: items, total, noun: 'entries' });
 * });
 * <ExportCsvButton {...csvExport} />
 */
export function useCsvExport(subject: string, makeFile: () => Promise<CsvFile | null>): CsvExport {
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      const file = await makeFile();
      if (!file) return;
      downloadCsv(file.fileName, file.csv);
      notify.success(`Exported ${subject}`, { description: file.description });
    } catch (error) {
      notify.error(`Could not export ${subject}`, { description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, onExport };
}

export interface CappedExportCount {
  fileName: string;
  /** Rows in the file. */
  exported: number;
  /** Rows that matched; more than `exported` when the export stopped at its limit. */
  total: number;
  /** A row, in the plural: "entries". */
  noun: string;
  /** Which rows a capped file holds: "the newest" (the default), "the first", or "" to say only the count. */
  which?: string;
  /** Said after a capped file's count, before the full stop: "; narrow the filters for the rest". */
  rest?: string;
}

/** What a file of an export with a row limit holds: all the matching rows, or which of them. */
export function describeCappedExport({
  fileName,
  exported,
  total,
  noun,
  which = 'the newest',
  rest = '',
}: CappedExportCount): string {
  if (total <= exported) return `${fileName} holds all ${total} matching ${noun}.`;
  return `${fileName} holds ${which ? `${which} ` : ''}${exported} of ${total} matching ${noun}${rest}.`;
}

export interface CappedCsvRows extends Omit<CappedExportCount, 'exported'> {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** The file of an export with a row limit: `columns` of `rows` as CSV, described by `describeCappedExport`. */
export async function cappedCsvFile({ columns, rows, ...count }: CappedCsvRows): Promise<CsvFile> {
  return {
    fileName: count.fileName,
    csv: await toCsv(rows, columns),
    description: describeCappedExport({ ...count, exported: rows.length }),
  };
}
