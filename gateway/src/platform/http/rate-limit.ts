import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import { compile, rateLimits, type Db, type GroupCommit } from '../db';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every limit, with why it is set where it is, in docs/decisions/0020. */
export const LIMITS = {
  loginPerAccount: { max: 5, windowMs: 15 * MINUTE },
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  // A browser that signed in to the account before (its device cookie, decision 0051) has a lock of its own.
  loginPerDevice: { max: 5, windowMs: 15 * MINUTE },
  // Second-factor codes: a million six-digit codes, three valid at a time, so five guesses per 15 minutes give a
  // guesser who has the password about one chance in 67 a day (decision 0061).
  codesPerAccount: { max: 5, windowMs: 15 * MINUTE },
  codesPerDevice: { max: 5, windowMs: 15 * MINUTE },
  // Each passwordless passkey sign-in begun stores a challenge row for five minutes.
  passkeyOptionsPerIp: { max: 30, windowMs: 15 * MINUTE },
  forgotPerAccount: { max: 3, windowMs: HOUR },
  forgotPerIp: { max: 10, windowMs: HOUR },
  // A signed-in session can try current passwords here, so it is an account's password check like sign-in.
  passwordChangePerAccount: { max: 5, windowMs: 15 * MINUTE },
  // Failed deploy tokens (unknown, revoked, expired) per address, like failed sign-ins: a pipeline with a good token
  // never fails, and a guesser stops after these (decision 0059).
  deployTokenFailuresPerIp: { max: 20, windowMs: 15 * MINUTE },
  // The audio sign-up e-mails whatever address it is given: without these, a script could use our mail server
  // to flood someone else's inbox, and ruin the sender's reputation with it.
  optInPerIp: { max: 10, windowMs: HOUR },
  optInPerEmail: { max: 3, windowMs: 24 * HOUR },
  // The copies the lead forms and quotes e-mail their sender (decision 0064) go to any address typed in: a day's
  // few per recipient and per client address, past which the lead is still stored and answered, only not copied.
  confirmationsPerEmail: { max: 3, windowMs: 24 * HOUR },
  confirmationsPerIp: { max: 10, windowMs: 24 * HOUR },
  /** Enquiries, consultation requests and website, social and custom quotes, together. */
  leadsPerIp: { max: 20, windowMs: HOUR },
  registrationsPerIp: { max: 10, windowMs: HOUR },
  conversionEventsPerIp: { max: 60, windowMs: HOUR },
  // A consent choice is made once a year per browser; an office behind one address makes a few. Each one is an
  // upsert of a day's counter (decision 0095), so this bounds what an address can skew, not what it can cost.
  consentPerIp: { max: 30, windowMs: HOUR },
  remoteFailureReportsPerIp: { max: 30, windowMs: HOUR },
  /** A page load sends one or two beacons; an office behind one address sends many. */
  rumBeaconsPerIp: { max: 600, windowMs: HOUR },
  discountChecksPerIp: { max: 30, windowMs: HOUR },
} satisfies Record<string, Limit>;

export interface Verdict {
  allowed: boolean;
  /** How long until every refused counter's window ends (1 when allowed). */
  retryAfterSeconds: number;
  /** The keys this attempt took just past their limit (each is named once per window, for a log line). */
  crossed: string[];
}

/**
 * Counters by exact key, or by a prefix ending in `:` (`login:device:aroha:` is every device counter of aroha): a
 * range of the primary key, never LIKE, whose `_` and `%` a name may hold.
 */
function countersWhere(keys: string[], prefixes: string[]) {
  const ranges = prefixes.map((prefix) => {
    if (!prefix.endsWith(':')) throw new Error(`counter prefix ${prefix} must end with ':'`);
    // Every key that starts with `...:` sorts from it up to, not including, `...;` (the next character).
    return and(gte(rateLimits.key, prefix), lt(rateLimits.key, `${prefix.slice(0, -1)};`));
  });
  return or(...keys.map((key) => eq(rateLimits.key, key)), ...ranges);
}

/**
 * Fixed-window counters in the database, so every gateway instance sharing it enforces the same limit.
 *
 * `hit` counts an attempt with one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` per counter, which adds one and
 * reads the new count in a single statement, and the caller does the guarded work only after it. So N requests
 * arriving together get the counts 1..N, and only the first `max` go on: there is no read-then-write gap for a
 * burst to pass through. The statements go through the group commit, so the counters of the requests of one
 * event-loop turn share one transaction (one fsync), and several counters of one request are counted atomically.
 */
export function rateLimiter(db: Db, group: GroupCommit) {
  const count = compile(
    db
      .insert(rateLimits)
      .values({ key: sql.placeholder('key'), count: 1, resetAt: sql`${sql.placeholder('resetAt')}` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${sql.placeholder('now')} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${sql.placeholder('now')} then ${sql.placeholder('resetAt')} else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt }),
    { count: rateLimits.count, resetAt: rateLimits.resetAt },
  );

  return {
    /** Counts one attempt against every counter given; allowed only when every count is within its limit. */
    async hit(...counters: [key: string, limit: Limit][]): Promise<Verdict> {
      const now = Date.now();
      const statements = counters.map(([key, limit]) => count({ key, now, resetAt: now + limit.windowMs }));
      const results = await group.commit(statements as [(typeof statements)[number], ...typeof statements]);
      let waitMs = 0;
      const crossed: string[] = [];
      counters.forEach(([key, limit], i) => {
        const row = results[i]![0];
        if (row && row.count > limit.max) waitMs = Math.max(waitMs, row.resetAt.getTime() - now);
        if (row?.count === limit.max + 1) crossed.push(key);
      });
      return waitMs > 0
        ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), crossed }
        : { allowed: true, retryAfterSeconds: 1, crossed };
    },

    /** Forgets one counter (a correct sign-in clears its own account's failures, nothing else). */
    async clear(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /**
     * The statement that forgets counters by key and by prefix (see `countersWhere`), to run alone or in a batch
     * with the change that ends their reason (a completed password reset lifts its account's locks).
     */
    forget: (keys: string[], prefixes: string[] = []) => forgetCounters(db, keys, prefixes),
  };
}

/** The statement that deletes counters by key and by prefix, for callers without a limiter (the retention job). */
export const forgetCounters = (db: Db, keys: string[], prefixes: string[] = []) =>
  db.delete(rateLimits).where(countersWhere(keys, prefixes));
export type RateLimiter = ReturnType<typeof rateLimiter>;
