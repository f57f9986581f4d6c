import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { deleteInBatches, HOLD_WARN_MS, HoldMeter } from '../../platform/db/batches';
import {
  googleOauthAttempts,
  passwordResetTokens,
  privacyRequests,
  rateLimits,
  releaseSamples,
  sessions,
  type Db,
} from '../../platform/db';
import type { Logger } from '../../platform/logger';
import { RELEASE_SAMPLES_KEPT_MS } from '../releases';

/** How often the sweep runs (once per fleet: its job takes a lease). */
export const HOUSEKEEPING_EVERY_MS = 15 * 60_000;
/** Unconfirmed privacy requests are dropped once their link has run out (24 hours), with a day's margin. */
export const UNCONFIRMED_PRIVACY_KEPT_MS = 48 * 3600_000;

/** Jobs of the lead promises (decision 0065/0066) that run with the sweep, each bounded per run. */
export interface PromiseJobs {
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
 * than 30 days and unconfirmed privacy requests, in bounded batches; then runs the lead jobs. The job runner runs it
 * once per fleet (a leased job, platform/jobs/jobs.ts); the deletes are idempotent anyway and each job claims its rows or lease.
 */
export function housekeeping(
  db: Db,
  logger: Logger,
  jobs: PromiseJobs = {},
  {
    batchRows,
    stopped = () => false,
  }: {
    /** A fixed number of rows per batch (tests); by default each batch is sized by the time the last one took. */
    batchRows?: number;
    /** True once the gateway is stopping: a sweep in progress ends after its current batch (the database closes). */
    stopped?: () => boolean;
  } = {},
) {
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
      // Google round trips nobody finished (decision 0093): their state and PKCE verifier are no use after ten minutes.
      ['google_oauth_attempts', googleOauthAttempts, sql`${googleOauthAttempts.expiresAt} <= ${now.getTime()}`],
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
        stopped,
      });
    for (const [name, job] of [
      ['follow-up backfill', () => jobs.backfill?.(now, meter)],
      ['retention', () => jobs.retention?.(now, meter)],
    ] as const) {
      if (stopped()) break;
      // One job failing must not stop the others.
      await job()?.catch((error: unknown) => logger.warn(`housekeeping: ${name} failed`, { error: String(error) }));
    }
    return { deleted, batches: meter.batches, longestBatchMs: meter.longestMs, longestBatchIn: meter.longestIn };
  }
  return {
    sweep,
    /** One sweep with its report logged: the job the runner runs. */
    async run(now = new Date()): Promise<void> {
      const r = await sweep(now);
      const total = Object.values(r.deleted).reduce((a, b) => a + b, 0);
      if (total === 0 || stopped()) return;
      const figures = {
        ...r.deleted,
        batches: r.batches,
        longestBatchMs: Math.round(r.longestBatchMs),
        longestBatchIn: r.longestBatchIn,
      };
      // A batch is sized to hold the database ~25 ms; one past HOLD_WARN_MS means a host far too busy or a disk far
      // too slow for it, which operators should hear of.
      if (r.longestBatchMs > HOLD_WARN_MS)
        logger.warn('housekeeping held the database for over 100 ms in one batch', figures);
      else logger.info('housekeeping swept', figures);
    },
  };
}
