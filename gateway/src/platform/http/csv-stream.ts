import { csvBytes, recordColumns, type CsvColumn } from './csv';

/**
 * About this much CSV per page: each page is one turn of the event loop's work (read, convert, encode), so the size
 * bounds how long other requests wait. Measured (decision 0048): pages of ~520 KB kept four parallel exports at +2 MB
 * of memory and a lag p99 of ~26 ms; ~780 KB and more let memory grow by 80-100 MB and the lag pass 90 ms.
 */
export const CSV_PAGE_BYTES = 256 * 1024;
/** Rows of the first page, read before the answer starts; later pages are sized from the bytes per row seen. */
export const FIRST_PAGE_ROWS = 100;
const MAX_PAGE_ROWS = 2000;

/**
 * One waiter a turn of the event loop, first come first served: every streamed CSV of the process reads its next
 * page only when let through, so however many run at once, one turn does at most one page of work and the requests
 * between them wait for a page, not for one page of each.
 */
const pageTurns = (() => {
  const waiting: (() => void)[] = [];
  const letOneThrough = () => {
    waiting.shift()?.();
    // Scheduled from inside an immediate: runs on the next turn, after the I/O that arrived meanwhile.
    if (waiting.length) setImmediate(letOneThrough);
  };
  return () =>
    new Promise<void>((resolve) => {
      if (waiting.push(resolve) === 1) setImmediate(letOneThrough);
    });
})();

export type CsvOutcome = 'done' | 'cancelled' | 'failed';

export interface CsvPages<Row extends Record<string, unknown>> {
  /** The first page (FIRST_PAGE_ROWS asked), read before the answer starts: a failure there is an ordinary error. */
  first: Row[];
  /** The CSV's columns; by default the first row's keys, each cell as `cellText` makes it (`toCsv`'s columns). */
  columns?: CsvColumn<Row>[];
  /** The page of at most `rows` rows after `last`; a page shorter than asked is the last one. */
  next: (last: Row, rows: number) => Promise<Row[]>;
  /** Called once: the last page went out, the client went away (no page is read after), or a page failed. */
  settled: (outcome: CsvOutcome, rows: number, error?: unknown) => void;
}

/**
 * The same bytes as `toCsv` of every page together, produced one page at a time as the client takes them: the
 * stream asks for a page only when the one before has been handed on (one page ahead at most), each page is about
 * CSV_PAGE_BYTES, and each read waits its turn of the event loop (one page a turn for all streams together), so
 * memory stays at a page or two per stream and other requests run between pages.
 */
export function csvStream<Row extends Record<string, unknown>>({
  first,
  columns = first.length ? recordColumns(first[0]!) : [],
  next,
  settled,
}: CsvPages<Row>): ReadableStream<Uint8Array> {
  let waiting: Row[] | null = first;
  let asked = FIRST_PAGE_ROWS;
  let last: Row | undefined;
  let rows = 0;
  let over = false;
  const finish = (outcome: CsvOutcome, error?: unknown) => {
    if (over) return;
    over = true;
    settled(outcome, rows, error);
  };
  const read = async () => {
    await pageTurns();
    return over ? [] : next(last!, asked);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const page = waiting ?? (await read());
          waiting = null;
          if (over) return; // the client went away while the page was read
          const bytes = page.length ? csvBytes(page, columns, rows === 0) : null;
          if (bytes) controller.enqueue(bytes);
          rows += page.length;
          last = page.at(-1);
          if (!bytes || page.length < asked) {
            controller.close();
            finish('done');
            return;
          }
          asked = Math.max(1, Math.min(MAX_PAGE_ROWS, Math.floor((CSV_PAGE_BYTES * page.length) / bytes.length)));
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
