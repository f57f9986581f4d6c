import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: dates as ISO, objects as JSON, and a leading formula character neutralised. */
function cellText(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * RFC 4180 CSV (csv-stringify) of a list of records, columns from the first record. Cells a spreadsheet would run as
 * a formula are prefixed with an apostrophe (CSV injection); that rule is ours, the quoting is the library's.
 */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  return stringify(
    rows.map((row) => columns.map((column) => cellText(row[column]))),
    { header: true, columns, record_delimiter: '\r\n' },
  );
}
