import { createHmac } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { LeadType } from '@agency/contracts';
import { webhookOutbox, type Db } from '../db';
import type { Logger } from '../logger';
import { formatOf, type WebhookFormat } from './webhook-text';

/** How long one delivery may take before it counts as failed: the receiver is someone else's server. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Tries before a notice is left as failed (shown in the dashboard): about 17 hours with the default backoff. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** The first retry waits this long, each next one twice as long, up to `maxDelayMs`. */
export const WEBHOOK_BACKOFF = { firstDelayMs: 30_000, maxDelayMs: 6 * 3_600_000 } as const;
/** Notices claimed by one delivery round; the rest wait for the next round. */
const ROUND_ROWS = 20;
const SIGNATURE_HEADER = 'X-Agency-Signature';
const TIMESTAMP_HEADER = 'X-Agency-Timestamp';

/**
 * The signature a receiver checks: HMAC-SHA256 over `<timestamp>.<body>` with the shared secret, hex, as
 * `sha256=<hex>` in `X-Agency-Signature`; the timestamp (Unix seconds) is in `X-Agency-Timestamp`, so a receiver
 * can refuse an old replay. Documented in the README.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The wait before try number `attempt + 1` (after `attempt` failures). */
export const backoffMs = (attempt: number, backoff: { firstDelayMs: number; maxDelayMs: number }) =>
  Math.min(backoff.firstDelayMs * 2 ** Math.max(0, attempt - 1), backoff.maxDelayMs);

export interface WebhookNotice {
  leadType: LeadType;
  leadId: number;
  event: 'lead.created' | 'lead.reminder';
  /** Slack's and Teams' incoming webhooks both show `text`; the rest is for receivers that read JSON. */
  payload: { text: string; [key: string]: unknown };
}

export interface WebhookOptions {
  db: Db;
  logger: Logger;
  target: { url: string; secret: string; format?: WebhookFormat } | undefined;
  backoff?: { firstDelayMs: number; maxDelayMs: number };
  timeoutMs?: number;
  maxAttempts?: number;
  now?: () => number;
}

/**
 * Delivery of lead notices to the operator's webhook through the `webhook_outbox` table (decision 0065): a notice
 * is stored with its lead, then POSTed in the background; a failure waits with exponential backoff and is tried
 * again by whichever gateway's round claims it first (the claim is one conditional UPDATE, so two gateways never
 * send the same try). Redirects are never followed and the answer's body is never read: the URL is the operator's,
 * but what answers there is not trusted.
 */
export function createWebhook({
  db,
  logger,
  target,
  backoff = WEBHOOK_BACKOFF,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  maxAttempts = WEBHOOK_MAX_ATTEMPTS,
  now = Date.now,
}: WebhookOptions) {
  const inFlight = new Set<Promise<void>>();

  /** Takes a notice for one try: moves its next attempt past the timeout, so no other round takes it meanwhile. */
  async function claim(id: number) {
    const at = now();
    const [row] = await db
      .update(webhookOutbox)
      .set({ nextAttemptAt: new Date(at + timeoutMs * 2) })
      .where(
        and(
          eq(webhookOutbox.id, id),
          eq(webhookOutbox.status, 'pending'),
          lte(webhookOutbox.nextAttemptAt, new Date(at)),
        ),
      )
      .returning();
    return row;
  }

  async function post(body: string): Promise<string | null> {
    if (!target) return 'LEAD_WEBHOOK_URL is not set';
    const timestamp = Math.floor(now() / 1000);
    try {
      const answer = await fetch(target.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'be-loud-gateway/lead-notices',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: webhookSignature(target.secret, timestamp, body),
        },
        body,
      });
      // The body is never read: cancelling frees the socket whatever the receiver sends.
      await answer.body?.cancel().catch(() => undefined);
      if (answer.status >= 200 && answer.status < 300) return null;
      if (answer.status >= 300 && answer.status < 400)
        return `the receiver redirected (${answer.status}); redirects are not followed`;
      return `the receiver answered ${answer.status}`;
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} seconds`;
      return `could not connect: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`;
    }
  }

  async function deliver(id: number): Promise<void> {
    const row = await claim(id);
    if (!row) return;
    const failure = await post(row.body);
    const attempts = row.attempts + 1;
    if (failure === null) {
      await db
        .update(webhookOutbox)
        .set({ status: 'sent', attempts, sentAt: new Date(now()), lastError: null })
        .where(eq(webhookOutbox.id, id));
      return;
    }
    const givenUp = attempts >= maxAttempts;
    await db
      .update(webhookOutbox)
      .set({
        status: givenUp ? 'failed' : 'pending',
        attempts,
        lastError: failure.slice(0, 300),
        nextAttemptAt: new Date(now() + backoffMs(attempts, backoff)),
      })
      .where(eq(webhookOutbox.id, id));
    logger.warn('lead webhook delivery failed', { outboxId: id, attempts, givenUp, error: failure });
  }

  function track(promise: Promise<void>) {
    const p = promise
      .catch((error: unknown) => logger.error('lead webhook worker error', { error: String(error) }))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  return {
    enabled: target !== undefined,
    /** How the receiver reads a notice's text (visitor words are escaped for it, decision 0082). */
    format: target?.format ?? formatOf(target?.url ?? 'https://hooks.slack.com/'),
    /** The outbox row of a notice, for the caller's own transaction (stored with the lead, or not at all). */
    row(notice: WebhookNotice): typeof webhookOutbox.$inferInsert {
      return {
        leadType: notice.leadType,
        leadId: notice.leadId,
        event: notice.event,
        body: JSON.stringify({ event: notice.event, ...notice.payload }),
        nextAttemptAt: new Date(now()),
      };
    },
    /** Starts delivery of stored notices now (in the background). */
    dispatch(ids: number[]) {
      if (target) for (const id of ids) track(deliver(id));
    },
    /** One round: tries every notice whose next attempt is due (the periodic worker and tests call it). */
    async deliverDue(): Promise<number> {
      if (!target) return 0;
      const due = await db
        .select({ id: webhookOutbox.id })
        .from(webhookOutbox)
        .where(and(eq(webhookOutbox.status, 'pending'), lte(webhookOutbox.nextAttemptAt, new Date(now()))))
        .orderBy(asc(webhookOutbox.nextAttemptAt))
        .limit(ROUND_ROWS);
      await Promise.all(due.map(({ id }) => deliver(id)));
      return due.length;
    },
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

export type Webhook = ReturnType<typeof createWebhook>;
