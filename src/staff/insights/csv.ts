/**
 * A view's numbers as a CSV file (RFC 4180: commas, CRLF, fields with a comma, quote or line break
 * quoted), saved from the browser: the same rows as the table on screen, numbers unformatted.
 */
export type CsvRow = ReadonlyArray<string | number | null>;

const field = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (rows: readonly CsvRow[]): string => rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** Saves `rows` as `name` (a download the browser names so). */
export function saveCsv(name: string, rows: readonly CsvRow[]): void {
  // A byte order mark, so that a spreadsheet reads Hindi and Marathi names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
