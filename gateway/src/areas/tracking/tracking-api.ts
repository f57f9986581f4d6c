import { avg, count, desc, eq, gte, max, sql } from 'drizzle-orm';
import { AD_PLATFORMS, endpoints, nzIsoDay, type AdPlatform, type TrackingSummary } from '@agency/contracts';
import { consentCounts, conversionDeliveries, conversionEvents } from '../../platform/db';
import type { ApiDeps } from '../../platform/http/deps';
import { addressLimit } from '../../platform/http/limit';
import { LIMITS, type RateLimiter } from '../../platform/http/rate-limit';
import { endpointRoutes } from '../../platform/http/routes';
import { GA4_EVENTS } from './ga4';
import { META_EVENTS } from './meta';

/** The Tracking tab's window. */
export const SUMMARY_DAYS = 7;
const RECENT = 50;

const EVENT_NAMES: Record<AdPlatform, Record<'lead' | 'registration', string>> = { meta: META_EVENTS, ga4: GA4_EVENTS };

/**
 * A visitor's consent choice, counted (decision 0095), and the staff's view of server-side delivery. The count is
 * one upsert into at most 12 rows a New Zealand day (analytics x ads x how): nothing about who chose, and whatever
 * one address sends, it bumps a counter and no more (and only LIMITS.consentPerIp times an hour).
 */
export function trackingApi({ db, env }: ApiDeps, limiter: RateLimiter) {
  const consentLimit = addressLimit(
    limiter,
    env.trustedProxies,
    'consent',
    LIMITS.consentPerIp,
    (wait) => `Too many choices from your network. Please try again ${wait}.`,
  );
  return endpointRoutes()
    .on(endpoints.recordConsent, { afterInput: [consentLimit] }, async (c) => {
      const { analytics, ads, how } = c.req.valid('json');
      await db
        .insert(consentCounts)
        .values({ day: nzIsoDay(Date.now()), analytics, ads, how, count: 1 })
        .onConflictDoUpdate({
          target: [consentCounts.day, consentCounts.analytics, consentCounts.ads, consentCounts.how],
          set: { count: sql`${consentCounts.count} + 1` },
        });
      return c.body(null, 204);
    })
    .on(endpoints.trackingSummary, async (c) => {
      const since = new Date(Date.now() - SUMMARY_DAYS * 24 * 60 * 60_000);
      const recentRows = gte(conversionDeliveries.createdAt, since);
      const byState = await db
        .select({ platform: conversionDeliveries.platform, state: conversionDeliveries.state, n: count() })
        .from(conversionDeliveries)
        .where(recentRows)
        .groupBy(conversionDeliveries.platform, conversionDeliveries.state);
      const figures = await db
        .select({
          platform: conversionDeliveries.platform,
          lastSentAt: max(conversionDeliveries.sentAt),
          matchQuality: avg(conversionDeliveries.matchQuality),
        })
        .from(conversionDeliveries)
        .where(recentRows)
        .groupBy(conversionDeliveries.platform);
      const recent = await db
        .select({
          delivery: conversionDeliveries,
          eventType: conversionEvents.eventType,
          eventId: conversionEvents.eventId,
        })
        .from(conversionDeliveries)
        .innerJoin(conversionEvents, eq(conversionEvents.id, conversionDeliveries.conversionId))
        .orderBy(desc(conversionDeliveries.id))
        .limit(RECENT);
      const summary: TrackingSummary = {
        days: SUMMARY_DAYS,
        platforms: AD_PLATFORMS.map((platform) => {
          const n = (state: string) => byState.find((r) => r.platform === platform && r.state === state)?.n ?? 0;
          const f = figures.find((r) => r.platform === platform);
          return {
            platform,
            configured: env.adPlatforms[platform] !== undefined,
            sent: n('sent'),
            refused: n('refused'),
            waiting: n('waiting'),
            dead: n('dead'),
            lastSentAt: f?.lastSentAt ? new Date(f.lastSentAt).getTime() : null,
            matchQuality: f?.matchQuality == null ? null : Number(f.matchQuality),
          };
        }),
        recent: recent.map(({ delivery: d, eventType, eventId }) => ({
          id: d.id,
          platform: d.platform,
          eventName: EVENT_NAMES[d.platform][eventType],
          eventId: eventId ?? '',
          state: d.state,
          attempts: d.attempts,
          reason: d.reason,
          createdAt: d.createdAt.getTime(),
          nextAt: d.state === 'waiting' && d.nextAt ? d.nextAt.getTime() : null,
        })),
      };
      return c.json(summary);
    }).app;
}
