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
 * A field holding a quote, a comma or a line break (CR or LF alone too: a comment typed in a form has bare LFs) is
 * quoted, its quotes doubled; any other goes as it is. By hand at half csv-stringify's CPU (decision 0048); the tests
 * hold it to the library's output with `quote_record_delimiter`.
 */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One record (or the header: the column names) as a CSV line with its CRLF. */
const csvLine = (cells: string[]) => `${cells.map(field).join(',')}\r\n`;
const recordLine = (row: Record<string, unknown>, columns: string[]) =>
  csvLine(columns.map((column) => cellText(row[column])));

/**
 * RFC 4180 CSV of a list of records, columns from the first record, CRLF after every line. Cells a spreadsheet would
 * run as a formula are prefixed with an apostrophe (CSV injection).
 */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  return csvLine(columns) + rows.map((row) => recordLine(row, columns)).join('');
}

/**
 * A page of records as UTF-8 bytes (the header first when asked), written line by line into one buffer: no string of
 * the whole page is ever made, so a page leaves only short-lived lines and one buffer outside the JavaScript heap.
 */
export function csvBytes(rows: Record<string, unknown>[], columns: string[], header: boolean): Buffer {
  const lines = rows.map((row) => recordLine(row, columns));
  if (header) lines.unshift(csvLine(columns));
  const out = Buffer.allocUnsafe(lines.reduce((size, line) => size + Buffer.byteLength(line), 0));
  let at = 0;
  for (const line of lines) at += out.write(line, at);
  return out;
}
