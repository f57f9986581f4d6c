import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { googleConnections, type Db } from '../../platform/db';
import { holdLeaseUntil, takeLease } from '../../platform/db/lease';
import type { GoogleConfig } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import { addDays, daysBetween, monthsBefore, nzDay } from './days';
import { fetchRange, SourceError, type Sources } from './fetch-client';
import { backoffMs, classify, withRetry, type FetchFailure } from './fetch-errors';
import { oauthClient } from './oauth-client';
import { tokenSealer } from './sealing';
import { rowsOf, storeRows } from './store-figures';

/** How often the job looks for clients to fetch (leased: one gateway per turn). A new NZ day makes each due once. */
export const FETCH_EVERY_MS = 15 * 60_000;
/** Days before yesterday fetched again each night: Search Console's recent days change until final. */
export const REFETCH_DAYS = 3;
/** The most days one call asks for: a long backfill is fetched a chunk per turn, so no client holds up the rest. */
export const CHUNK_DAYS = 90;
/** How far back a new connection is filled: Search Console keeps 16 months. */
export const BACKFILL_MONTHS = 16;
/** Clients fetched at once. */
export const CONCURRENCY = 4;
/** A client being fetched is claimed for this long (its `retryAt`), so a second gateway's turn passes it by. */
const CLAIM_MS = 10 * 60_000;
/** When Google has not processed yesterday yet, the next try. */
const PENDING_RETRY_MS = 60 * 60_000;

type Connection = typeof googleConnections.$inferSelect;
export type FetchOutcome = 'fetched' | 'pending' | 'failed' | 'dead-grant' | 'busy';

const hasSources = or(isNotNull(googleConnections.ga4Property), isNotNull(googleConnections.searchConsoleSite));
const free = (now: Date) => or(isNull(googleConnections.retryAt), lte(googleConnections.retryAt, now));

export interface NightlyDeps {
  db: Db;
  google: GoogleConfig;
  logger: Logger;
  /** True once the gateway is stopping: no more clients are started. */
  stopped?: () => boolean;
  concurrency?: number;
}

/**
 * The nightly fetch (decision 0093): each turn takes every connected client whose figures are behind (a day not yet
 * fetched up to yesterday in NZ, or a backfill under way) and whose backoff has passed, claims it, and fetches its
 * window: the days since the last fetch and the REFETCH_DAYS before yesterday, plus one backfill chunk.
 */
export function nightlyFigures({ db, google, logger, stopped = () => false, concurrency = CONCURRENCY }: NightlyDeps) {
  const sealer = tokenSealer(google.tokenKey);

  const holder = randomUUID();
  const leaseOf = (clientId: number) => `google-fetch:${clientId}`;

  /**
   * Claims the client for this fetch: its own lease (so staff's Fetch now, which lifts the backoff, never runs beside
   * a fetch under way), then its row's `retryAt`, so of two gateways one gets it.
   */
  async function claim(clientId: number, now: Date): Promise<Connection | undefined> {
    if (!(await takeLease(db, leaseOf(clientId), holder, CLAIM_MS, now))) return undefined;
    const [row] = await db
      .update(googleConnections)
      .set({ retryAt: new Date(now.getTime() + CLAIM_MS) })
      .where(and(eq(googleConnections.clientId, clientId), isNotNull(googleConnections.refreshToken), free(now)))
      .returning();
    if (!row) await holdLeaseUntil(db, leaseOf(clientId), holder, now);
    return row;
  }

  async function failed(row: Connection, failure: FetchFailure, now: Date, progress: Partial<Connection>) {
    const failures = row.failures + 1;
    if (failure.kind === 'dead-grant') {
      logger.warn('google grant refused: no more fetches until reconnected', { clientId: row.clientId });
      await db
        .update(googleConnections)
        .set({ ...progress, refreshToken: null, lastError: failure.message, lastErrorAt: now, failures, retryAt: null })
        .where(eq(googleConnections.clientId, row.clientId));
      return 'dead-grant' as const;
    }
    const retryAt = new Date(now.getTime() + backoffMs(failure.cause, failures));
    const lastError = withRetry(failure.message, retryAt);
    logger.warn('google figures fetch failed', { clientId: row.clientId, failures, error: lastError });
    await db
      .update(googleConnections)
      .set({ ...progress, lastError, lastErrorAt: now, failures, retryAt })
      .where(eq(googleConnections.clientId, row.clientId));
    return 'failed' as const;
  }

  /** One client's turn: its nightly window, then a backfill chunk; what was stored stays stored when a call fails. */
  async function fetchClient(row: Connection, now: Date, force: boolean): Promise<FetchOutcome> {
    const token = row.refreshToken && sealer.unseal(row.refreshToken);
    if (!token)
      return failed(
        row,
        { kind: 'retry', cause: 'answer', message: 'The stored grant does not open with this GOOGLE_TOKEN_KEY' },
        now,
        {},
      );
    const client = oauthClient(google, token);
    const sources: Sources = { ga4Property: row.ga4Property, searchConsoleSite: row.searchConsoleSite };
    const yesterday = addDays(nzDay(now), -1);
    const refetchFrom = addDays(yesterday, -REFETCH_DAYS);
    const progress: Partial<Connection> = {
      backfillFrom: row.backfillFrom ?? (row.lastFetchedDay ? null : monthsBefore(yesterday, BACKFILL_MONTHS)),
    };
    let lastFetchedDay = row.lastFetchedDay;
    const fetch = async (from: string, to: string) => {
      const fetched = await fetchRange(google, client, sources, from, to);
      const { rows, lastStored } = rowsOf(row.clientId, sources, fetched, from, to, yesterday, now);
      await storeRows(db, rows);
      return lastStored;
    };
    try {
      if (force || !lastFetchedDay || lastFetchedDay < yesterday) {
        const from =
          !force && lastFetchedDay && lastFetchedDay < refetchFrom ? addDays(lastFetchedDay, 1) : refetchFrom;
        const to = daysBetween(from, yesterday) > CHUNK_DAYS ? addDays(from, CHUNK_DAYS - 1) : yesterday;
        const stored = await fetch(from, to);
        if (stored && (!lastFetchedDay || stored > lastFetchedDay)) lastFetchedDay = stored;
        progress.lastFetchedDay = lastFetchedDay;
      }
      const backfillTo = addDays(refetchFrom, -1);
      if (progress.backfillFrom && progress.backfillFrom <= backfillTo) {
        const from = progress.backfillFrom;
        const to = daysBetween(from, backfillTo) > CHUNK_DAYS ? addDays(from, CHUNK_DAYS - 1) : backfillTo;
        await fetch(from, to);
        progress.backfillFrom = to < backfillTo ? addDays(to, 1) : null;
      } else progress.backfillFrom = null;
      // A backfill done before Google had yesterday: the nightly window starts after it, not a backfill again.
      if (!progress.backfillFrom && !lastFetchedDay) progress.lastFetchedDay = backfillTo;
    } catch (error) {
      const what = error instanceof SourceError ? error.what : 'the Google APIs';
      return failed(row, classify(error instanceof SourceError ? error.error : error, what), now, progress);
    }
    const pending = (progress.lastFetchedDay ?? lastFetchedDay ?? '') < yesterday;
    await db
      .update(googleConnections)
      .set({
        ...progress,
        lastFetchAt: now,
        lastError: null,
        lastErrorAt: null,
        failures: 0,
        retryAt: pending ? new Date(now.getTime() + PENDING_RETRY_MS) : null,
      })
      .where(eq(googleConnections.clientId, row.clientId));
    return pending ? 'pending' : 'fetched';
  }

  async function claimAndFetch(clientId: number, now: Date, force = false): Promise<FetchOutcome> {
    const row = await claim(clientId, now);
    if (!row) return 'busy';
    try {
      return await fetchClient(row, now, force);
    } finally {
      await holdLeaseUntil(db, leaseOf(clientId), holder, now);
    }
  }

  return {
    /** One turn of the job; answers what happened to each client, counted. */
    async run(now = new Date()): Promise<Record<FetchOutcome, number>> {
      const yesterday = addDays(nzDay(now), -1);
      const due = await db
        .select({ clientId: googleConnections.clientId })
        .from(googleConnections)
        .where(
          and(
            isNotNull(googleConnections.refreshToken),
            hasSources,
            free(now),
            or(
              isNull(googleConnections.lastFetchedDay),
              lt(googleConnections.lastFetchedDay, yesterday),
              isNotNull(googleConnections.backfillFrom),
            ),
          ),
        )
        .orderBy(asc(sql`coalesce(${googleConnections.lastFetchAt}, 0)`));
      const counts: Record<FetchOutcome, number> = { fetched: 0, pending: 0, failed: 0, 'dead-grant': 0, busy: 0 };
      const queue = due.map((d) => d.clientId);
      const started = Date.now();
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined && !stopped(); id = queue.shift()) {
          const outcome = await claimAndFetch(id, now).catch((error: unknown) => {
            logger.warn('google figures fetch failed', { clientId: id, error: String(error) });
            return 'failed' as const;
          });
          counts[outcome]++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
      if (due.length) logger.info('google figures fetched', { ...counts, ms: Date.now() - started });
      return counts;
    },
    /**
     * Staff's "Fetch now": the client's backoff is lifted and its last days fetched at once, unless another fetch of
     * it is under way (its lease is held) or its grant is gone.
     */
    async fetchNow(clientId: number, now = new Date()): Promise<FetchOutcome> {
      if (!(await takeLease(db, leaseOf(clientId), holder, CLAIM_MS, now))) return 'busy';
      await db.update(googleConnections).set({ retryAt: null }).where(eq(googleConnections.clientId, clientId));
      return claimAndFetch(clientId, now, true);
    },
  };
}

export type NightlyFigures = ReturnType<typeof nightlyFigures>;
