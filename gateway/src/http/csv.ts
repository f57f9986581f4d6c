const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180 CSV of a list of records (columns from the first record). Cells a spreadsheet would run as a
 * formula are prefixed with an apostrophe (CSV injection), and objects are written as JSON.
 */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const cell = (value: unknown) => {
    let text =
      value === null || value === undefined
        ? ''
        : value instanceof Date
          ? value.toISOString()
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return (
    [columns.join(','), ...rows.map((row) => columns.map((col) => cell(row[col])).join(','))].join('\r\n') + '\r\n'
  );
}
