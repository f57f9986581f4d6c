import { and, asc, eq, lte } from 'drizzle-orm';
import type { AdPlatform } from '@agency/contracts';
import { conversionDeliveries, conversionEvents, type Db } from '../../platform/db';
import type { AdPlatformsConfig } from '../../platform/env';
import type { Logger } from '../../platform/logger';
import { ga4Sender } from './ga4';
import { sendToMeta } from './meta';
import type { Attempt, StoredConversion } from './outcome';

/** How often the job looks for due deliveries (leased: one gateway per turn). */
export const DELIVER_EVERY_MS = 30_000;
/** The backoff after a failure: a minute, doubling with each failure in a row, at most an hour. */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 60 * 60_000;
/**
 * How old an event a platform still takes: Meta refuses events older than 7 days, GA4 drops those older than 72
 * hours. A delivery past it is dead, never sent (it would only be refused).
 */
export const WINDOW_MS: Record<AdPlatform, number> = { meta: 7 * 24 * 60 * 60_000, ga4: 72 * 60 * 60_000 };
/** A row being sent is claimed this long (its `nextAt` pushed ahead), so another job's turn passes it by. */
const CLAIM_MS = 5 * 60_000;
/** Deliveries sent per turn: a burst of conversions is spread over a few turns instead of one long one. */
const PER_TURN = 100;

export type DeliveryOutcome = 'sent' | 'retry' | 'refused' | 'dead';
export const DELIVERY_OUTCOMES: readonly DeliveryOutcome[] = ['sent', 'retry', 'refused', 'dead'];

export const backoffMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

const PLATFORM_NAME: Record<AdPlatform, string> = { meta: 'Meta', ga4: 'GA4' };

export interface DeliveryDeps {
  db: Db;
  platforms: AdPlatformsConfig;
  logger: Logger;
  /** Each outcome, for /metrics. */
  observe?: (platform: AdPlatform, outcome: DeliveryOutcome) => void;
}

/**
 * The server-side conversion queue's sender (decision 0095): each turn takes the waiting deliveries that are due,
 * claims each with one conditional update (so of two gateways one sends it, even past the job's lease), sends it,
 * and records what the platform said. Log lines carry the delivery's id, platform and the platform's own words:
 * never a hash, an address or anything else of the person.
 */
export function conversionDelivery({ db, platforms, logger, observe = () => undefined }: DeliveryDeps) {
  const senders: Partial<Record<AdPlatform, (row: StoredConversion) => Promise<Attempt>>> = {
    ...(platforms.meta ? { meta: (row: StoredConversion) => sendToMeta(platforms.meta!, row) } : {}),
    ...(platforms.ga4 ? { ga4: ga4Sender(platforms.ga4) } : {}),
  };

  async function claim(id: number, now: Date) {
    const [row] = await db
      .update(conversionDeliveries)
      .set({ nextAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(conversionDeliveries.id, id),
          eq(conversionDeliveries.state, 'waiting'),
          lte(conversionDeliveries.nextAt, now),
        ),
      )
      .returning({ id: conversionDeliveries.id });
    return row !== undefined;
  }

  const settle = (id: number, set: Partial<typeof conversionDeliveries.$inferInsert>) =>
    db.update(conversionDeliveries).set(set).where(eq(conversionDeliveries.id, id));

  async function deliver(
    delivery: { id: number; platform: AdPlatform; attempts: number },
    conversion: StoredConversion,
    now: Date,
  ): Promise<DeliveryOutcome> {
    const where = { delivery: delivery.id, platform: delivery.platform };
    if (now.getTime() - conversion.createdAt.getTime() > WINDOW_MS[delivery.platform]) {
      const reason = `Older than ${PLATFORM_NAME[delivery.platform]} takes (${WINDOW_MS[delivery.platform] / 3_600_000} hours): not sent`;
      await settle(delivery.id, { state: 'dead', nextAt: null, reason });
      logger.warn('conversion delivery dead', { ...where, reason });
      return 'dead';
    }
    const send = senders[delivery.platform];
    const attempts = delivery.attempts + 1;
    const attempt: Attempt = send
      ? await send(conversion)
      : { kind: 'retry', reason: `${PLATFORM_NAME[delivery.platform]} is not configured on this gateway` };
    if (attempt.kind === 'sent') {
      await settle(delivery.id, {
        state: 'sent',
        attempts,
        nextAt: null,
        sentAt: now,
        reason: null,
        matchQuality: attempt.matchQuality,
      });
      return 'sent';
    }
    if (attempt.kind === 'refused') {
      await settle(delivery.id, { state: 'refused', attempts, nextAt: null, reason: attempt.reason });
      logger.warn('conversion delivery refused', { ...where, reason: attempt.reason });
      return 'refused';
    }
    const nextAt = new Date(now.getTime() + backoffMs(attempts));
    await settle(delivery.id, { attempts, nextAt, reason: attempt.reason });
    logger.warn('conversion delivery failed, tried again later', {
      ...where,
      attempts,
      nextAt,
      reason: attempt.reason,
    });
    return 'retry';
  }

  return {
    /** One turn: every due delivery, oldest first; answers the outcomes, counted. */
    async run(now = new Date()): Promise<Record<DeliveryOutcome, number>> {
      const counts: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, refused: 0, dead: 0 };
      const due = await db
        .select({ delivery: conversionDeliveries, conversion: conversionEvents })
        .from(conversionDeliveries)
        .innerJoin(conversionEvents, eq(conversionEvents.id, conversionDeliveries.conversionId))
        .where(and(eq(conversionDeliveries.state, 'waiting'), lte(conversionDeliveries.nextAt, now)))
        .orderBy(asc(conversionDeliveries.nextAt))
        .limit(PER_TURN);
      for (const { delivery, conversion } of due) {
        if (!(await claim(delivery.id, now))) continue;
        const outcome = await deliver(delivery, conversion, now).catch((error: unknown) => {
          logger.warn('conversion delivery failed', { delivery: delivery.id, error: String(error) });
          return null;
        });
        if (!outcome) continue;
        counts[outcome]++;
        observe(delivery.platform, outcome);
      }
      return counts;
    },
  };
}

export type ConversionDelivery = ReturnType<typeof conversionDelivery>;
