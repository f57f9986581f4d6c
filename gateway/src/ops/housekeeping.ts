import { isNotNull, lte, or } from 'drizzle-orm';
import { passwordResetTokens, rateLimits, releaseSamples, sessions, type Db } from '../db';
import type { Logger } from '../logger';

const EVERY_MS = 15 * 60_000;
/** Real-user measurements older than this have served their release (figures cover a canary or the last day). */
export const RELEASE_SAMPLES_KEPT_MS = 30 * 24 * 3600_000;

/**
 * Deletes what has run out: rate-limit counters whose window is over (one per visitor address and hour would
 * otherwise pile up), ended sessions, reset links that were used or have expired, and real-user measurements older
 * than 30 days. Every instance may run it;
 * the deletes are idempotent.
 */
export function housekeeping(db: Db, logger: Logger) {
  async function sweep(now = new Date()) {
    await db.batch([
      db.delete(rateLimits).where(lte(rateLimits.resetAt, now)),
      db.delete(sessions).where(lte(sessions.expiresAt, now)),
      db
        .delete(passwordResetTokens)
        .where(or(lte(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt))),
      db.delete(releaseSamples).where(lte(releaseSamples.at, new Date(now.getTime() - RELEASE_SAMPLES_KEPT_MS))),
    ]);
  }
  return {
    sweep,
    /** Sweeps now and every 15 minutes, without keeping the process alive; returns the stop function. */
    start(): () => void {
      const run = () =>
        void sweep().catch((error: unknown) => logger.warn('housekeeping failed', { error: String(error) }));
      run();
      const timer = setInterval(run, EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
