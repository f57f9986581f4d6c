import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { deleteInBatches, HOLD_WARN_MS, HoldMeter } from '../db/batches';
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
  backfill?: (now: Date, meter: HoldMeter) => Promise<unknown>;
  /** The daily retention run (its lease keeps it to once a day across gateways). */
  retention?: (now: Date, meter: HoldMeter) => Promise<unknown>;
}

export interface SweepReport {
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  /** Batches of the sweep and of its jobs (backfill, retention). */
  batches: number;
  /** The longest single batch: how long the sweep or one of its jobs held the database at a time. */
  longestBatchMs: number;
  /** What that batch was (a table swept, or a job's step). */
  longestBatchIn: string;
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
    const meter = new HoldMeter();
    const deleted: Record<string, number> = {};
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
    for (const [name, table, condition] of expired)
      deleted[name] = await deleteInBatches(db, table, condition, meter, {
        what: name,
        batchRows,
        stopped: () => stopped,
      });
    for (const [name, job] of [
      ['follow-up backfill', () => jobs.backfill?.(now, meter)],
      ['reminders', () => jobs.remind?.(now)],
      ['webhook notices', () => jobs.deliverNotices?.()],
      ['retention', () => jobs.retention?.(now, meter)],
    ] as const) {
      if (stopped) break;
      // One job failing must not stop the others.
      await job()?.catch((error: unknown) => logger.warn(`housekeeping: ${name} failed`, { error: String(error) }));
    }
    return { deleted, batches: meter.batches, longestBatchMs: meter.longestMs, longestBatchIn: meter.longestIn };
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
            const figures = {
              ...r.deleted,
              batches: r.batches,
              longestBatchMs: Math.round(r.longestBatchMs),
              longestBatchIn: r.longestBatchIn,
            };
            // A batch is sized to hold the database ~25 ms; one past HOLD_WARN_MS means a host far too busy or a
            // disk far too slow for it, which operators should hear of.
            if (r.longestBatchMs > HOLD_WARN_MS)
              logger.warn('housekeeping held the database for over 100 ms in one batch', figures);
            else logger.info('housekeeping swept', figures);
          })
          .catch((error: unknown) => logger.warn('housekeeping failed', { error: String(error) }));
      // The first sweep starts once the start-up code that called this has run (createApp, listening): its batches'
      // times then measure the database, not the rest of start-up, which would otherwise run inside the first one.
      const first = setImmediate(run);
      const timer = setInterval(run, everyMs);
      timer.unref();
      return () => {
        stopped = true;
        clearImmediate(first);
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
