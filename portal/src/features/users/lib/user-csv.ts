/** Values of a CSV row of the user export, in column order. */
export const USER_CSV_HEADER = ['Name', 'E-mail', 'Phone', 'Role', 'Organisation', 'Status', 'Last sign-in'];

/** One CSV field: quoted when it holds a comma, quote or line break; formulas are defused. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
