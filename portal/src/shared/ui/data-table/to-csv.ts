/** CSV text of rows (papaparse, loaded on first export, not with the page). */
export async function toCsv(rows: Record<string, unknown>[], columns: string[]): Promise<string> {
  const { unparse } = await import('papaparse');
  return unparse({ fields: columns, data: rows.map((row) => columns.map((c) => row[c] ?? '')) });
}
