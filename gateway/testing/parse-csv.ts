/**
 * RFC 4180 records of a CSV (CRLF after each; a quoted field may hold commas, doubled quotes and line breaks),
 * parsed by hand so that tests of the exports read them without sharing the exports' own code. A leading byte
 * order mark is skipped, as spreadsheets skip it.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  while (at < text.length) {
    let cell = '';
    if (text[at] === '"') {
      at += 1;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) throw new Error(`A quoted field is not closed: ${text.slice(at - 1, at + 40)}`);
        cell += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        cell += '"';
        at += 1;
      }
    } else {
      const end = text.slice(at).search(/,|\r\n/);
      cell = text.slice(at, end < 0 ? text.length : at + end);
      at += cell.length;
    }
    record.push(cell);
    if (text[at] === ',') at += 1;
    else {
      if (text.slice(at, at + 2) !== '\r\n') throw new Error(`A record does not end in CRLF at ${at}`);
      at += 2;
      records.push(record);
      record = [];
    }
  }
  return records;
}
