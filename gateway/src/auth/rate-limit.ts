import { sql } from 'drizzle-orm';
import { rateLimits, type Db } from '../db';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  forgotPerAccount: { max: 3, windowMs: 60 * 60_000 },
  forgotPerIp: { max: 10, windowMs: 60 * 60_000 },
  // The audio sign-up e-mails whatever address it is given: without these, a script could use our mail server
  // to flood someone else's inbox, and ruin the sender's reputation with it.
  optInPerIp: { max: 10, windowMs: 60 * 60_000 },
  optInPerEmail: { max: 3, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Fixed-window counters in the database, so every gateway instance sharing it enforces the same limit.
 * `hit` counts an attempt in one statement (atomic under concurrent requests) and says how long to wait
 * once the limit is passed; `blocked` only looks.
 */
export function rateLimiter(db: Db) {
  return {
    async hit(key: string, limit: Limit): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = Date.now();
      const resetAt = now + limit.windowMs;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: new Date(resetAt) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      const count = row?.count ?? 1;
      const waitMs = (row?.resetAt.getTime() ?? resetAt) - now;
      return { allowed: count <= limit.max, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async blocked(key: string, limit: Limit): Promise<number | null> {
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key}`);
      if (!row || row.resetAt.getTime() <= Date.now() || row.count < limit.max) return null;
      return Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
    },
    async clear(key: string) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
