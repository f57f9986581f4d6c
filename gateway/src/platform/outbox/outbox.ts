import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OUTBOX_CHANNELS } from '@agency/contracts';
import { outbox, type Db } from '../db';
import type { Logger } from '../logger';
import { inSpan, SpanStatusCode } from '../tracing';
import { backoffMs, OUTBOX_RETRY, type RetrySettings } from './retry';

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export type OutboxRow = typeof outbox.$inferSelect;

/** Delivers one row: null when it went out, else why not (kept as the row's `lastError`). */
export type Sender = (row: OutboxRow) => Promise<string | null>;

export interface Delivery {
  channel: OutboxChannel;
  outcome: 'sent' | 'failed' | 'dead';
  seconds: number;
}

export interface OutboxOptions {
  db: Db;
  logger: Logger;
  /** One sender per channel that can deliver here; rows of a channel without one wait (e-mail without SMTP_URL). */
  senders: Partial<Record<OutboxChannel, Sender>>;
  retry?: RetrySettings;
  /**
   * How long a claim keeps a row from other gateways: longer than any one delivery may take (the senders' own
   * timeouts), or a slow send could be claimed and sent again elsewhere.
   */
  claimMs?: number;
  /** Rows claimed by one round; the rest wait for the next. */
  roundRows?: number;
  /** This gateway's name in `claimedBy`. */
  holder?: string;
  now?: () => number;
}

const CLAIM_MS = 120_000;
const ROUND_ROWS = 20;

/**
 * The one outbox (decision 0087): every e-mail and webhook notice is an `outbox` row written in the transaction of
 * the write it belongs to; delivery claims rows (one conditional UPDATE sets `claimedBy`/`claimedUntil`, so of
 * several gateways exactly one takes a row), sends them, and marks them sent, or pending again after an
 * exponential backoff, or dead once its tries are spent. Rows are claimed right after their commit (`dispatch`)
 * and by each round of the job runner (`deliverDue`); a gateway that stops mid-send leaves a claim that runs out.
 */
export function createOutbox({
  db,
  logger,
  senders,
  retry = OUTBOX_RETRY,
  claimMs = CLAIM_MS,
  roundRows = ROUND_ROWS,
  holder = randomUUID(),
  now = Date.now,
}: OutboxOptions) {
  const inFlight = new Set<Promise<void>>();
  const observers = new Set<(d: Delivery) => void>();
  const channels = Object.keys(senders) as OutboxChannel[];

  /** Takes the due rows matching `which` for this gateway, at most `limit`. */
  async function claim(which: SQL | undefined, limit: number): Promise<OutboxRow[]> {
    if (channels.length === 0) return [];
    const at = new Date(now());
    const claimable = and(
      eq(outbox.status, 'pending'),
      lte(outbox.nextAttemptAt, at),
      inArray(outbox.channel, channels),
      or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, at)),
      which,
    );
    // One statement: its subquery and its update run under the same write lock, and the repeated conditions make a
    // row another gateway claimed in between (on a server) fall out of the update.
    return db
      .update(outbox)
      .set({ claimedBy: holder, claimedUntil: new Date(at.getTime() + claimMs) })
      .where(
        and(
          sql`${outbox.id} in (select ${outbox.id} from ${outbox} where ${claimable} order by ${outbox.nextAttemptAt} limit ${limit})`,
          claimable,
        ),
      )
      .returning();
  }

  /**
   * One delivery attempt, in a span of its own (decision 0088): a child of the request whose write queued it, or of
   * the job runner's round; the sender's call and the row's update are inside it.
   */
  const deliver = (row: OutboxRow): Promise<void> =>
    inSpan(
      `outbox deliver ${row.channel}`,
      { 'outbox.id': row.id, 'outbox.channel': row.channel, 'outbox.attempt': row.attempts + 1 },
      (span) =>
        attempt(row).then((outcome) => {
          span?.setAttribute('outbox.outcome', outcome);
          if (outcome !== 'sent') span?.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
        }),
    );

  async function attempt(row: OutboxRow): Promise<Delivery['outcome']> {
    const started = performance.now();
    const sender = senders[row.channel]!;
    const failure = await sender(row).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
    const attempts = row.attempts + 1;
    const mine = and(eq(outbox.id, row.id), eq(outbox.claimedBy, holder));
    const seconds = (performance.now() - started) / 1000;
    if (failure === null) {
      await db
        .update(outbox)
        .set({
          status: 'sent',
          attempts,
          sentAt: new Date(now()),
          lastError: null,
          // A sent message's files are not needed again (a report's PDF can be rebuilt): the row stays small.
          attachments: null,
          claimedBy: null,
          claimedUntil: null,
        })
        .where(mine);
      for (const observe of observers) observe({ channel: row.channel, outcome: 'sent', seconds });
      return 'sent';
    }
    const dead = attempts >= retry.maxAttempts;
    await db
      .update(outbox)
      .set({
        status: dead ? 'dead' : 'pending',
        attempts,
        lastError: failure.slice(0, 500),
        nextAttemptAt: new Date(now() + backoffMs(attempts, retry)),
        claimedBy: null,
        claimedUntil: null,
      })
      .where(mine);
    for (const observe of observers) observe({ channel: row.channel, outcome: dead ? 'dead' : 'failed', seconds });
    logger[dead ? 'error' : 'warn'](dead ? 'outbox message dead: its tries are spent' : 'outbox delivery failed', {
      outboxId: row.id,
      channel: row.channel,
      attempts,
      error: failure,
    });
    return dead ? 'dead' : 'failed';
  }

  function track(promise: Promise<void>) {
    const p = promise
      .catch((error: unknown) => logger.error('outbox worker error', { error: String(error) }))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  /** Starts delivery of rows just committed (in the background): each is claimed first, so sent once. */
  function dispatch(ids: number[]): void {
    if (ids.length === 0 || channels.length === 0) return;
    track(claim(inArray(outbox.id, ids), ids.length).then(async (rows) => void (await Promise.all(rows.map(deliver)))));
  }

  return {
    /** Which channels this gateway delivers. */
    delivers: (channel: OutboxChannel) => senders[channel] !== undefined,
    dispatch,
    /** One round: claims and delivers the due rows (the job runner calls it); answers how many it took. */
    async deliverDue(): Promise<number> {
      const rows = await claim(undefined, roundRows);
      await Promise.all(rows.map(deliver));
      return rows.length;
    },
    /**
     * Gives a dead or failing message a fresh set of tries, due now, and starts it; false when there is no such
     * message (sent, or another id).
     */
    async retry(id: number): Promise<boolean> {
      const [row] = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(now()), claimedBy: null, claimedUntil: null })
        .where(
          and(
            eq(outbox.id, id),
            or(eq(outbox.status, 'dead'), and(eq(outbox.status, 'pending'), sql`${outbox.attempts} > 0`)),
          ),
        )
        .returning({ id: outbox.id });
      if (!row) return false;
      dispatch([id]);
      return true;
    },
    /** Calls `observe` after each delivery attempt (metrics). */
    observe(observe: (d: Delivery) => void) {
      observers.add(observe);
    },
    /** Runs `task` in the background, tracked so `idle()` and a graceful stop wait for it. */
    track,
    /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
