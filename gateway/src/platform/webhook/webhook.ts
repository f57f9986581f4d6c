import { createHmac } from 'node:crypto';
import type { LeadType } from '@agency/contracts';
import type { outbox as outboxTable } from '../db';
import type { Outbox, Sender } from '../outbox/outbox';
import { formatOf, type WebhookFormat } from './webhook-text';

/** How long one delivery may take before it counts as failed: the receiver is someone else's server. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const SIGNATURE_HEADER = 'X-Agency-Signature';
const TIMESTAMP_HEADER = 'X-Agency-Timestamp';

/**
 * The signature a receiver checks: HMAC-SHA256 over `<timestamp>.<body>` with the shared secret, hex, as
 * `sha256=<hex>` in `X-Agency-Signature`; the timestamp (Unix seconds) is in `X-Agency-Timestamp`, so a receiver
 * can refuse an old replay. Documented in docs/configuration.md (`LEAD_WEBHOOK_SECRET`).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookNotice {
  leadType: LeadType;
  leadId: number;
  event: 'lead.created' | 'lead.reminder';
  /** Slack's and Teams' incoming webhooks both show `text`; the rest is for receivers that read JSON. */
  payload: { text: string; [key: string]: unknown };
}

export type WebhookTarget = { url: string; secret: string; format?: WebhookFormat };

/**
 * The outbox's sender of lead notices to the operator's webhook (decisions 0065, 0087): a signed JSON POST. Redirects
 * are never followed and the answer's body is never read: the URL is the operator's, but what answers there is not
 * trusted.
 */
export function webhookSender(target: WebhookTarget, { timeoutMs = WEBHOOK_TIMEOUT_MS, now = Date.now } = {}): Sender {
  return async (row) => {
    if (row.body === null) return 'not a webhook notice: no body';
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
          [SIGNATURE_HEADER]: webhookSignature(target.secret, timestamp, row.body),
        },
        body: row.body,
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
  };
}

/**
 * Lead notices as outbox rows: stored in the lead's own transaction when LEAD_WEBHOOK_URL is set (without it there
 * are none), delivered by the outbox.
 */
export function createWebhook({ outbox, target }: { outbox: Outbox; target: WebhookTarget | undefined }) {
  return {
    enabled: target !== undefined,
    /** How the receiver reads a notice's text (visitor words are escaped for it, decision 0082). */
    format: target?.format ?? formatOf(target?.url ?? 'https://hooks.slack.com/'),
    /** The outbox row of a notice, for the caller's own transaction (stored with the lead, or not at all). */
    row(notice: WebhookNotice) {
      return {
        channel: 'webhook' as const,
        leadType: notice.leadType,
        leadId: notice.leadId,
        event: notice.event,
        body: JSON.stringify({ event: notice.event, ...notice.payload }),
      } satisfies typeof outboxTable.$inferInsert;
    },
    /** Starts delivery of stored notices now (in the background). */
    dispatch: (ids: number[]) => outbox.dispatch(ids),
    idle: () => outbox.idle(),
  };
}

export type Webhook = ReturnType<typeof createWebhook>;
