/**
 * CSV as RFC 4180 writes it: a header row, CRLF between records, a field quoted when it holds a
 * comma, a quote, CR or LF (its quotes doubled). Every cell that a spreadsheet would read as a
 * formula (starting with =, +, -, @, a tab or CR) is written with a ' before it, so opening the
 * file never runs what a patient's name or a typed reference holds (OWASP "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
