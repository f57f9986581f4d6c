import { z } from 'zod';

/** How a visitor made a consent choice (decision 0095): the banner's three buttons. */
export const CONSENT_HOW = ['accept', 'reject', 'choose'] as const;

/** `POST /api/consent`: the choice only, counted by day; no address, no cookie id, nothing about the person. */
export const ConsentRecordSchema = z.object({
  analytics: z.boolean({ error: 'analytics must be true or false' }),
  ads: z.boolean({ error: 'ads must be true or false' }),
  how: z.enum(CONSENT_HOW, { error: 'how must be accept, reject or choose' }),
});
export type ConsentRecordInput = z.input<typeof ConsentRecordSchema>;

/** The ad platforms a conversion goes to from the server (decision 0095). */
export const AD_PLATFORMS = ['meta', 'ga4'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

/**
 * One server-side event's delivery: waiting (not yet sent, or sent and to be tried again at `nextAt`), sent
 * (the platform accepted it), refused (the platform said no, with its reason; not tried again), dead (out of tries
 * or past the platform's window).
 */
export const DELIVERY_STATES = ['waiting', 'sent', 'refused', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const TrackingPlatformSchema = z.object({
  platform: z.enum(AD_PLATFORMS),
  /** Whether the platform's id and secret are configured; without them nothing is queued for it. */
  configured: z.boolean(),
  sent: z.number().int(),
  refused: z.number().int(),
  waiting: z.number().int(),
  dead: z.number().int(),
  lastSentAt: z.number().nullable(),
  /** Meta answers no match quality per event; the figure is shown when a platform's answer carries one. */
  matchQuality: z.number().nullable(),
});

export const TrackingDeliverySchema = z.object({
  id: z.number().int(),
  platform: z.enum(AD_PLATFORMS),
  eventName: z.string(),
  eventId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** The platform's own words for a refusal (or the last failure while waiting), bounded. */
  reason: z.string().nullable(),
  createdAt: z.number(),
  nextAt: z.number().nullable(),
});

/** The Tracking tab: per platform over the last `days` days, and the newest deliveries. */
export const TrackingSummarySchema = z.object({
  days: z.number().int(),
  platforms: z.array(TrackingPlatformSchema),
  recent: z.array(TrackingDeliverySchema),
});
export type TrackingSummary = z.infer<typeof TrackingSummarySchema>;
