import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { passwordResetTokens, rateLimits, releaseSamples, sessions, type Db } from '../db';
import type { Logger } from '../logger';

const EVERY_MS = 15 * 60_000;
/** Real-user measurements older than this have served their release (figures cover a canary or the last day). */
export const RELEASE_SAMPLES_KEPT_MS = 30 * 24 * 3600_000;
/**
 * Rows deleted per statement (decision 0067). Each statement is its own short write transaction, found through an
 * index on the column the condition reads, so other writers wait for at most one batch (a few milliseconds), never
 * for a sweep of millions of rows: a backlog (a gateway stopped for weeks, the first sweep after an upgrade) is
 * cleared batch after batch, with the event loop and other writers served between them.
 */
export const SWEEP_BATCH_ROWS = 2_000;

export interface SweepReport {
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  batches: number;
  /** The longest single batch: how long the sweep held the database at a time. */
  longestBatchMs: number;
}

/**
 * Deletes what has run out: rate-limit counters whose window is over (one per visitor address and hour would
 * otherwise pile up), ended sessions, reset links that were used or have expired, and real-user measurements older
 * than 30 days. Every instance may run it; the deletes are idempotent.
 */
export function housekeeping(db: Db, logger: Logger, { batchRows = SWEEP_BATCH_ROWS } = {}) {
  // Set by the stop function: a sweep in progress ends after its current batch (the database is closing).
  let stopped = false;
  async function sweep(now = new Date()): Promise<SweepReport> {
    const report: SweepReport = { deleted: {}, batches: 0, longestBatchMs: 0 };
    const expired: [string, SQLiteTable, SQL][] = [
      ['rate_limits', rateLimits, sql`${rateLimits.resetAt} <= ${now.getTime()}`],
      ['sessions', sessions, sql`${sessions.expiresAt} <= ${now.getTime()}`],
      [
        'password_reset_tokens',
        passwordResetTokens,
        sql`${passwordResetTokens.expiresAt} <= ${now.getTime()} or ${passwordResetTokens.usedAt} is not null`,
      ],
      ['release_samples', releaseSamples, sql`${releaseSamples.at} <= ${now.getTime() - RELEASE_SAMPLES_KEPT_MS}`],
    ];
    for (const [name, table, condition] of expired) {
      report.deleted[name] = 0;
      for (;;) {
        const started = performance.now();
        // rowid: every one of these tables has one (sessions and rate limits are keyed by text).
        const { rowsAffected } = await db.run(
          sql`delete from ${table} where rowid in (select rowid from ${table} where ${condition} limit ${batchRows})`,
        );
        report.longestBatchMs = Math.max(report.longestBatchMs, performance.now() - started);
        report.batches++;
        report.deleted[name] += rowsAffected;
        if (rowsAffected < batchRows || stopped) break;
        // Let requests (and other writers) in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return report;
  }
  return {
    sweep,
    /** Sweeps now and every 15 minutes, without keeping the process alive; returns the stop function. */
    start(): () => void {
      const run = () =>
        void sweep()
          .then((r) => {
            const total = Object.values(r.deleted).reduce((a, b) => a + b, 0);
            if (total > 0 && !stopped)
              logger.info('housekeeping swept', { ...r.deleted, batches: r.batches, longestBatchMs: r.longestBatchMs });
          })
          .catch((error: unknown) => logger.warn('housekeeping failed', { error: String(error) }));
      run();
      const timer = setInterval(run, EVERY_MS);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}
