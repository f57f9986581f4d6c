import { and, asc, between, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { endpoints, RankedRowSchema, type DailyFigures, type FetchStatus } from '@agency/contracts';
import { googleConnections, googleDailyFigures, type Db } from '../../platform/db';
import type { ApiDeps } from '../../platform/http/deps';
import { clientScope } from '../../platform/http/guards/access';
import { requireUser, type AuthEnv } from '../../platform/http/guards/session';
import { rateLimit } from '../../platform/http/limit';
import type { Limit, RateLimiter } from '../../platform/http/rate-limit';
import { endpointRoutes } from '../../platform/http/routes';
import type { Logger } from '../../platform/logger';
import { nightlyFigures } from './nightly';

/** Each fetch now is a handful of calls on the client's Google quota: a staff member's few an hour are plenty. */
export const FETCH_NOW_LIMIT: Limit = { max: 10, windowMs: 60 * 60_000 };

const RankedRows = z.array(RankedRowSchema);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function fetchStatus(db: Db, clientId: number): Promise<FetchStatus | null> {
  const [row] = await db.select().from(googleConnections).where(eq(googleConnections.clientId, clientId));
  if (!row) return null;
  return {
    granted: row.refreshToken !== null,
    ga4Property: row.ga4Property,
    searchConsoleSite: row.searchConsoleSite,
    lastFetchAt: iso(row.lastFetchAt),
    lastFetchedDay: row.lastFetchedDay,
    backfillFrom: row.backfillFrom,
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    failures: row.failures,
    retryAt: iso(row.retryAt),
  };
}

/** A stored top list by its schema (decision 0111): one that does not parse is logged and shown as empty. */
function rankedRows(value: unknown, logger: Logger, where: Record<string, unknown>) {
  if (value === null) return [];
  const parsed = RankedRows.safeParse(value);
  if (parsed.success) return parsed.data;
  logger.warn('stored google top list unreadable: shown as empty', where);
  return [];
}

/** Staff read a client's stored days and the fetch's state, and ask for a fetch now (decision 0093). */
export function googleFiguresApi({ db, env, logger }: ApiDeps, limiter: RateLimiter) {
  const nightly = env.google && nightlyFigures({ db, google: env.google, logger });
  const perStaff = rateLimit(
    limiter,
    [[(c) => `google-fetch:staff:${requireUser(c as Context<AuthEnv>).user.id}`, FETCH_NOW_LIMIT]],
    (wait) => `Google figures were fetched often enough for now. Please try again ${wait}.`,
  );
  return endpointRoutes()
    .on(endpoints.googleFigureDays, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const { from, to } = c.req.valid('query');
      const rows = await db
        .select()
        .from(googleDailyFigures)
        .where(and(eq(googleDailyFigures.clientId, clientId), between(googleDailyFigures.day, from, to)))
        .orderBy(asc(googleDailyFigures.day));
      const days: DailyFigures[] = rows.map(({ clientId: _client, fetchedAt, topQueries, topPages, ...row }) => ({
        ...row,
        topQueries: rankedRows(topQueries, logger, { clientId, day: row.day, list: 'topQueries' }),
        topPages: rankedRows(topPages, logger, { clientId, day: row.day, list: 'topPages' }),
        fetchedAt: fetchedAt.toISOString(),
      }));
      return c.json({ status: await fetchStatus(db, clientId), days });
    })

    .on(endpoints.googleFetchNow, { beforeInput: [perStaff] }, async (c) => {
      const clientId = await clientScope(c, db, c.req.valid('param').clientId);
      const status = await fetchStatus(db, clientId);
      if (!nightly) throw new HTTPException(409, { message: 'Google is not configured on this server (GOOGLE_*).' });
      if (!status) throw new HTTPException(409, { message: 'This client has no Google connection: connect it first.' });
      if (!status.granted)
        throw new HTTPException(409, { message: "Google refused this client's grant: reconnect it first." });
      if (!status.ga4Property && !status.searchConsoleSite)
        throw new HTTPException(409, { message: 'Choose a GA4 property or Search Console site first.' });
      const outcome = await nightly.fetchNow(clientId);
      const message = {
        fetched: 'Fetched the latest figures.',
        pending: 'Fetched; Google has not processed the last days yet, they are fetched again within the hour.',
        failed: 'The fetch failed: see the error.',
        'dead-grant': 'Google refused the grant (revoked or expired): reconnect.',
        busy: 'A fetch of this client is under way: look again in a minute.',
      }[outcome];
      return c.json({ message, status: (await fetchStatus(db, clientId))! });
    });
}
