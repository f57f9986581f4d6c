import { setImmediate as nextTurn } from 'node:timers/promises';
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

/** Records as CSV lines under `columns`, the header line first when asked: pieces that concatenate to one file. */
function csvLines(rows: Record<string, unknown>[], columns: string[], header: boolean): string {
  return stringify(
    rows.map((row) => columns.map((column) => cellText(row[column]))),
    { header, columns, record_delimiter: '\r\n' },
  );
}

/**
 * RFC 4180 CSV (csv-stringify) of a list of records, columns from the first record. Cells a spreadsheet would run as
 * a formula are prefixed with an apostrophe (CSV injection); that rule is ours, the quoting is the library's.
 */
export function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  return csvLines(rows, Object.keys(rows[0]!), true);
}

export type CsvOutcome = 'done' | 'cancelled' | 'failed';

export interface CsvPages<Row extends Record<string, unknown>> {
  /** The first page, read before the answer starts, so that a failure there is an ordinary error answer. */
  first: Row[];
  /** The page after `last`; a page shorter than `pageRows` is the last one. */
  next: (last: Row) => Promise<Row[]>;
  pageRows: number;
  /** Called once: the last page went out, the client went away (no page is read after), or a page failed. */
  settled: (outcome: CsvOutcome, rows: number, error?: unknown) => void;
}

/**
 * The same bytes as `toCsv` of every page together, produced one page at a time as the client takes them: the
 * stream asks for a page only when the one before has been handed on (one page ahead at most), and waits a turn of
 * the event loop before each read, so memory stays at a page or two and other requests run between pages.
 */
export function csvStream<Row extends Record<string, unknown>>({
  first,
  next,
  pageRows,
  settled,
}: CsvPages<Row>): ReadableStream<Uint8Array> {
  const columns = first.length ? Object.keys(first[0]!) : [];
  let waiting: Row[] | null = first;
  let last: Row | undefined;
  let rows = 0;
  let over = false;
  const finish = (outcome: CsvOutcome, error?: unknown) => {
    if (over) return;
    over = true;
    settled(outcome, rows, error);
  };
  const read = async (after: Row) => {
    await nextTurn();
    return over ? [] : next(after);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const page = waiting ?? (await read(last!));
          waiting = null;
          if (over) return; // the client went away while the page was read
          if (page.length) controller.enqueue(Buffer.from(csvLines(page, columns, rows === 0)));
          rows += page.length;
          last = page.at(-1);
          if (page.length < pageRows) {
            controller.close();
            finish('done');
          }
        } catch (error) {
          if (over) return;
          controller.error(error);
          finish('failed', error);
        }
      },
      cancel() {
        finish('cancelled');
      },
    },
    { highWaterMark: 1 },
  );
}
