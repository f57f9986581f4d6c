import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
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
  /** The daily retention run (its lease keeps it to once a day across gateways). */
  retention?: (now: Date) => Promise<unknown>;
}

/**
 * Deletes what has run out: rate-limit counters whose window is over (one per visitor address and hour would
 * otherwise pile up), ended sessions, reset links that were used or have expired, real-user measurements older
 * than 30 days and unconfirmed privacy requests; then runs the lead jobs. Every instance may run it; the deletes
 * are idempotent and each job claims its rows or its lease.
 */
export function housekeeping(db: Db, logger: Logger, jobs: PromiseJobs = {}) {
  async function sweep(now = new Date()) {
    await db.batch([
      db.delete(rateLimits).where(lte(rateLimits.resetAt, now)),
      db.delete(sessions).where(lte(sessions.expiresAt, now)),
      db
        .delete(passwordResetTokens)
        .where(or(lte(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt))),
      db.delete(releaseSamples).where(lte(releaseSamples.at, new Date(now.getTime() - RELEASE_SAMPLES_KEPT_MS))),
      db
        .delete(privacyRequests)
        .where(
          and(
            eq(privacyRequests.status, 'unconfirmed'),
            lte(privacyRequests.createdAt, new Date(now.getTime() - UNCONFIRMED_PRIVACY_KEPT_MS)),
          ),
        ),
    ]);
    for (const [name, job] of [
      ['reminders', () => jobs.remind?.(now)],
      ['webhook notices', () => jobs.deliverNotices?.()],
      ['retention', () => jobs.retention?.(now)],
    ] as const) {
      // One job failing must not stop the others.
      await job()?.catch((error: unknown) => logger.warn(`housekeeping: ${name} failed`, { error: String(error) }));
    }
  }
  return {
    sweep,
    /** Sweeps now and every `everyMs` (15 minutes), without keeping the process alive; returns the stop function. */
    start(everyMs = EVERY_MS): () => void {
      const run = () =>
        void sweep().catch((error: unknown) => logger.warn('housekeeping failed', { error: String(error) }));
      run();
      const timer = setInterval(run, everyMs);
      timer.unref();
      return () => clearInterval(timer);
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
