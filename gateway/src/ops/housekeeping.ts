import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { passwordResetTokens, privacyRequests, rateLimits, releaseSamples, sessions, type Db } from '../db';
import type { Logger } from '../logger';

const EVERY_MS = 15 * 60_000;
/** Real-user measurements older than this have served their release (figures cover a canary or the last day). */
export const RELEASE_SAMPLES_KEPT_MS = 30 * 24 * 3600_000;
/** Unconfirmed privacy requests are dropped once their link has run out (24 hours), with a day's margin. */
export const UNCONFIRMED_PRIVACY_KEPT_MS = 48 * 3600_000;

/** Jobs of the lead promises (decision 0065/0066), each bounded per run and safe to run on several gateways. */
export interface PromiseJobs {
  /** Reminders of leads two business hours from overdue. */
  remind?: (now: Date) => Promise<unknown>;
  /** Webhook notices whose retry is due. */
  deliverNotices?: () => Promise<unknown>;
  /** The follow-up time of leads stored before the clock (idempotent, in short batches; nothing once done). */
  backfill?: (now: Date) => Promise<unknown>;
  /** The daily retention run (its lease keeps it to once a day across gateways). */
  retention?: (now: Date) => Promise<unknown>;
}

/**
 * Rows deleted per statement (decision 0067), sized by time: each statement is its own short write transaction,
 * found through an index on the column the condition reads, and the next batch is halved when one held the database
 * for longer than SWEEP_BATCH_TARGET_MS and doubled when one took under a quarter of it. Other writers wait for at
 * most one batch however slow or busy the host, and a backlog (a gateway stopped for weeks, the first sweep after an
 * upgrade) is cleared batch after batch with the event loop and other writers served between them.
 */
export const SWEEP_BATCH_ROWS = { first: 200, least: 50, most: 5_000 } as const;
export const SWEEP_BATCH_TARGET_MS = 25;
/** A batch that held the database longer than this is logged as a warning (issue 42: never more than 100 ms). */
export const SWEEP_HOLD_WARN_MS = 100;

/** The next batch's size from the last one's: smaller when it held the database too long, larger when it was quick. */
export function nextBatchRows(rows: number, ms: number): number {
  if (ms > SWEEP_BATCH_TARGET_MS) return Math.max(SWEEP_BATCH_ROWS.least, Math.floor(rows / 2));
  if (ms < SWEEP_BATCH_TARGET_MS / 4) return Math.min(SWEEP_BATCH_ROWS.most, rows * 2);
  return rows;
}

export interface SweepReport {
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  batches: number;
  /** The longest single batch: how long the sweep held the database at a time. */
  longestBatchMs: number;
}

/**
 * Deletes what has run out: rate-limit counters whose window is over (one per visitor address and hour would
 * otherwise pile up), ended sessions, reset links that were used or have expired, real-user measurements older
 * than 30 days and unconfirmed privacy requests, in bounded batches; then runs the lead jobs. Every instance may run
 * it; the deletes are idempotent and each job claims its rows or its lease.
 */
export function housekeeping(
  db: Db,
  logger: Logger,
  jobs: PromiseJobs = {},
  /** A fixed number of rows per batch (tests); by default each batch is sized by the time the last one took. */
  { batchRows }: { batchRows?: number } = {},
) {
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
      [
        'privacy_requests',
        privacyRequests,
        sql`${privacyRequests.status} = 'unconfirmed' and ${privacyRequests.createdAt} <= ${now.getTime() - UNCONFIRMED_PRIVACY_KEPT_MS}`,
      ],
    ];
    for (const [name, table, condition] of expired) {
      report.deleted[name] = 0;
      let rows = batchRows ?? SWEEP_BATCH_ROWS.first;
      for (;;) {
        const started = performance.now();
        // rowid: every one of these tables has one (sessions and rate limits are keyed by text).
        const { rowsAffected } = await db.run(
          sql`delete from ${table} where rowid in (select rowid from ${table} where ${condition} limit ${rows})`,
        );
        const ms = performance.now() - started;
        report.longestBatchMs = Math.max(report.longestBatchMs, ms);
        report.batches++;
        report.deleted[name] += rowsAffected;
        if (rowsAffected < rows || stopped) break;
        if (batchRows === undefined) rows = nextBatchRows(rows, ms);
        // Let requests (and other writers) in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    for (const [name, job] of [
      ['follow-up backfill', () => jobs.backfill?.(now)],
      ['reminders', () => jobs.remind?.(now)],
      ['webhook notices', () => jobs.deliverNotices?.()],
      ['retention', () => jobs.retention?.(now)],
    ] as const) {
      if (stopped) break;
      // One job failing must not stop the others.
      await job()?.catch((error: unknown) => logger.warn(`housekeeping: ${name} failed`, { error: String(error) }));
    }
    return report;
  }
  return {
    sweep,
    /** Sweeps now and every `everyMs` (15 minutes), without keeping the process alive; returns the stop function. */
    start(everyMs = EVERY_MS): () => void {
      const run = () =>
        void sweep()
          .then((r) => {
            const total = Object.values(r.deleted).reduce((a, b) => a + b, 0);
            if (total === 0 || stopped) return;
            const figures = { ...r.deleted, batches: r.batches, longestBatchMs: Math.round(r.longestBatchMs) };
            // A batch is sized to hold the database ~25 ms; one past SWEEP_HOLD_WARN_MS means a host far too busy
            // or a disk far too slow for it, which operators should hear of.
            if (r.longestBatchMs > SWEEP_HOLD_WARN_MS)
              logger.warn('housekeeping held the database for over 100 ms in one batch', figures);
            else logger.info('housekeeping swept', figures);
          })
          .catch((error: unknown) => logger.warn('housekeeping failed', { error: String(error) }));
      run();
      const timer = setInterval(run, everyMs);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}

/** Runs `job` now and every `everyMs`, without keeping the process alive; returns the stop function. */
export function repeat(everyMs: number, job: (now: Date) => Promise<unknown>, logger: Logger, name: string) {
  const run = () =>
    void job(new Date()).catch((error: unknown) => logger.warn(`${name} failed`, { error: String(error) }));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
