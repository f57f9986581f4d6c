import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvBytes, recordColumns, toCsv } from './csv';
import { CSV_PAGE_BYTES, csvStream, FIRST_PAGE_ROWS, type CsvOutcome } from './csv-stream';

type Row = { id: number; note: string; at: Date; tags: string[] };
const rowsOf = (count: number, note: (i: number) => string = (i) => `note ${i}`): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: i, note: note(i), at: new Date(1767225600000 + i), tags: ['a'] }));

/** Turns of the event loop so far: a check-phase callback that schedules itself runs once each turn. */
let turn = 0;
let counting = 0;
const countTurns = () => {
  turn += 1;
  if (counting > 0) setImmediate(countTurns);
};

/** A stream over `all`, read the way the export reads the database; records each page asked for and the outcome. */
function streamOf(all: Row[], failAt?: number) {
  const asks: { after: number; rows: number; turn: number }[] = [];
  const outcomes: [CsvOutcome, number][] = [];
  if (counting++ === 0) setImmediate(countTurns);
  const stream = csvStream<Row>({
    first: all.slice(0, FIRST_PAGE_ROWS),
    next: async (last, rows) => {
      asks.push({ after: last.id, rows, turn });
      if (failAt !== undefined && last.id + 1 >= failAt) throw new Error('the database went away');
      return all.slice(last.id + 1, last.id + 1 + rows);
    },
    settled: (outcome, rows) => {
      outcomes.push([outcome, rows]);
      counting -= 1;
    },
  });
  return { stream, asks, outcomes };
}
const text = async (stream: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(stream).arrayBuffer()).toString();

describe('the CSV writer', () => {
  it('writes what csv-stringify writes (RFC 4180, CRLF, any line break quoted) for awkward cells, with the formula guard', () => {
    const cells = [
      '',
      'plain',
      'a,b',
      'say "hi"',
      'line\nbreak',
      'cr\ronly',
      'crlf\r\nend',
      'ends with\r',
      '"',
      'ā é 😀',
    ];
    const rows = cells.flatMap((a) => cells.map((b) => ({ first: a, second: b, n: 1.5, nothing: null })));
    rows.push(
      { first: '=cmd()', second: '+1', n: -1, nothing: null },
      { first: '@x', second: '\tx', n: 0, nothing: null },
    );
    const guarded = (v: unknown) => (v === null ? '' : /^[=+\-@\t\r]/.test(String(v)) ? `'${String(v)}` : String(v));
    const oracle = stringify(
      rows.map((r) => Object.values(r).map(guarded)),
      { header: true, columns: Object.keys(rows[0]!), record_delimiter: '\r\n', quote_record_delimiter: true },
    );
    expect(toCsv(rows)).toBe(oracle);
  });
});

describe('csvBytes', () => {
  it('writes the bytes of toCsv for cells longer than its buffer, multibyte text and lone surrogates', () => {
    const huge = 'ā "quoted", 😀 and more\n'.repeat(60_000); // ~1.6 MB of UTF-8, past the 512 KB buffer
    const rows = [
      { id: 1, note: huge, at: new Date(1767225600123), tags: ['a', 'b'] },
      { id: -2, note: 'lone \ud800 surrogate', at: new Date(0), tags: [] },
      { id: 3, note: '', at: new Date(1767225600000), tags: ['=x'] },
    ];
    const columns = recordColumns(rows[0]!);
    expect(csvBytes(rows, columns, true).equals(Buffer.from(toCsv(rows)))).toBe(true);
    // Without the header: only the rows' lines.
    const [header] = toCsv(rows).split('\r\n');
    expect(csvBytes(rows, columns, false).equals(Buffer.from(toCsv(rows).slice(header!.length + 2)))).toBe(true);
    // A small page after the big one starts afresh.
    expect(csvBytes(rows.slice(2), columns, true).toString()).toBe(toCsv(rows.slice(2)));
  });
});

describe('csvStream', () => {
  it.each([
    ['one full first page and nothing after', FIRST_PAGE_ROWS],
    ['a first page and a part', FIRST_PAGE_ROWS + 1],
    ['many pages', 5000],
  ])('sends exactly toCsv of every row: %s', async (_label, count) => {
    const all = rowsOf(count);
    const { stream, outcomes } = streamOf(all);
    expect(await text(stream)).toBe(toCsv(all));
    expect(outcomes).toEqual([['done', count]]);
  });

  it('sizes pages by their bytes: few long rows or many short ones a page', async () => {
    const long = rowsOf(3000, (i) => `${'x'.repeat(2600)}${i}`);
    const short = rowsOf(6000);
    const longRun = streamOf(long);
    const shortRun = streamOf(short);
    await Promise.all([text(longRun.stream), text(shortRun.stream)]);
    const perPage = Math.floor(CSV_PAGE_BYTES / 2650);
    for (const { rows } of longRun.asks.slice(0, -1)) expect(Math.abs(rows - perPage)).toBeLessThan(5);
    expect(shortRun.asks[0]!.rows).toBe(2000);
  });

  it('reads one page a turn of the event loop for all streams together, taking turns', async () => {
    const a = streamOf(rowsOf(4000, (i) => `${'a'.repeat(2600)}${i}`));
    const b = streamOf(rowsOf(4000, (i) => `${'b'.repeat(2600)}${i}`));
    const order: string[] = [];
    const turns: number[] = [];
    const watch = (run: typeof a, name: string) => {
      const push = run.asks.push.bind(run.asks);
      run.asks.push = (...asks) => {
        order.push(name);
        turns.push(...asks.map((ask) => ask.turn));
        return push(...asks);
      };
    };
    watch(a, 'a');
    watch(b, 'b');
    await Promise.all([text(a.stream), text(b.stream)]);
    expect(order.slice(0, 10).join('')).toBe('ababababab');
    // No two reads in one turn: each page waits for its own.
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]!);
  });

  it('stops reading when the client goes away, and says so once', async () => {
    const { stream, asks, outcomes } = streamOf(rowsOf(100_000, (i) => `${'x'.repeat(1000)}${i}`));
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const asked = asks.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asks.length).toBe(asked);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]![0]).toBe('cancelled');
  });

  it('fails the stream when a page cannot be read, and says so once', async () => {
    const { stream, outcomes } = streamOf(rowsOf(5000), 2500);
    await expect(text(stream)).rejects.toThrow('the database went away');
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]![0]).toBe('failed');
  });
});
