import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './index';

/**
 * Rows deleted per statement by the background jobs (decisions 0067, 0071), sized by time: each statement is its own
 * write transaction, found through an index on the column the condition reads, and the next batch is halved when
 * one held the database for longer than BATCH_TARGET_MS and doubled when one took under a quarter of it. Other
 * writers wait for at most one batch however slow or busy the host, and a backlog (a gateway stopped for weeks, the
 * first run after an upgrade) is cleared batch after batch with the event loop and other writers served between them.
 */
export const BATCH_ROWS = { first: 200, least: 50, most: 5_000 } as const;
export const BATCH_TARGET_MS = 25;
/** A batch that held the database longer than this is logged as a warning (decision 0071: never more than 100 ms). */
export const HOLD_WARN_MS = 100;

/** The next batch's size from the last one's: smaller when it held the database too long, larger when it was quick. */
export function nextBatchRows(rows: number, ms: number): number {
  if (ms > BATCH_TARGET_MS) return Math.max(BATCH_ROWS.least, Math.floor(rows / 2));
  if (ms < BATCH_TARGET_MS / 4) return Math.min(BATCH_ROWS.most, rows * 2);
  return rows;
}

/**
 * How long a job's batches held the database, the longest and where. A batch (one statement or one transaction) is
 * timed from its call to its resumption: on a file database that also counts whatever the event loop ran between the
 * statement's end and the await's return, so the figure is an upper bound of the hold, never an underestimate.
 */
export class HoldMeter {
  batches = 0;
  longestMs = 0;
  longestIn = '';

  async time<T>(what: string, batch: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await batch();
    this.record(what, performance.now() - started);
    return result;
  }

  record(what: string, ms: number) {
    this.batches++;
    if (ms > this.longestMs) {
      this.longestMs = ms;
      this.longestIn = what;
    }
  }
}

/**
 * Lets requests and other writers in between two batches: on a file database each statement runs on the event loop
 * and its promise is already settled, so awaiting it alone would run every batch in one turn.
 */
export const betweenBatches = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Deletes every row of `table` that `condition` picks, in batches sized by time (or of `batchRows` rows, for tests),
 * until none is left or `stopped()` says the database is closing. Answers how many rows it deleted.
 */
export async function deleteInBatches(
  db: Db,
  table: SQLiteTable,
  condition: SQL,
  meter: HoldMeter,
  { what, batchRows, stopped = () => false }: { what: string; batchRows?: number; stopped?: () => boolean },
): Promise<number> {
  let deleted = 0;
  let rows = batchRows ?? BATCH_ROWS.first;
  for (;;) {
    const started = performance.now();
    // rowid: every table the jobs sweep has one (sessions and rate limits are keyed by text).
    const { rowsAffected } = await db.run(
      sql`delete from ${table} where rowid in (select rowid from ${table} where ${condition} limit ${rows})`,
    );
    const ms = performance.now() - started;
    meter.record(what, ms);
    deleted += rowsAffected;
    if (rowsAffected < rows || stopped()) return deleted;
    if (batchRows === undefined) rows = nextBatchRows(rows, ms);
    await betweenBatches();
  }
}
