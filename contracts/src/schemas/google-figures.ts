import { z } from 'zod';

/**
 * A client's daily Google figures (decision 0093): what the nightly fetch stored from GA4 and Search Console, and
 * how the fetch is going. A source that is not connected, or had no figures for the day, is null.
 */

/** The most days one read answers: a year and a month either side, enough for any monthly report's comparison. */
export const MAX_FIGURE_DAYS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayText = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(DAY, { error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      {
        error: `${name} must be a date (YYYY-MM-DD)`,
      },
    );

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** `?from=&to=`: both days included, `to` not before `from`, at most MAX_FIGURE_DAYS days. */
export const FigureDaysQuerySchema = z
  .object({ from: dayText('from'), to: dayText('to') })
  .superRefine(({ from, to }, ctx) => {
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (dayNumber(to) - dayNumber(from) + 1 > MAX_FIGURE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${MAX_FIGURE_DAYS} days from from to to` });
  });
export type FigureDaysQuery = z.infer<typeof FigureDaysQuerySchema>;

/** A query or page of Search Console's day, with its own figures. */
export const RankedRowSchema = z.object({
  key: z.string(),
  clicks: z.number(),
  impressions: z.number(),
  ctr: z.number(),
  position: z.number(),
});
export type RankedRowFigures = z.infer<typeof RankedRowSchema>;

export const DailyFiguresSchema = z.object({
  day: z.string(),
  sessions: z.number().nullable(),
  totalUsers: z.number().nullable(),
  keyEvents: z.number().nullable(),
  organicSessions: z.number().nullable(),
  paidSessions: z.number().nullable(),
  clicks: z.number().nullable(),
  impressions: z.number().nullable(),
  ctr: z.number().nullable(),
  position: z.number().nullable(),
  /** At most ten each, most clicks first; empty when the stored list could not be read. */
  topQueries: z.array(RankedRowSchema),
  topPages: z.array(RankedRowSchema),
  /** Search Console called the day final; false while its figures may still change. */
  searchFinal: z.boolean().nullable(),
  fetchedAt: z.string(),
});
export type DailyFigures = z.infer<typeof DailyFiguresSchema>;

/** How the nightly fetch of one client is going: what staff read next to the figures. */
export const FetchStatusSchema = z.object({
  /** Whether a grant is held (false once Google refused it: reconnect). */
  granted: z.boolean(),
  ga4Property: z.string().nullable(),
  searchConsoleSite: z.string().nullable(),
  lastFetchAt: z.string().nullable(),
  lastFetchedDay: z.string().nullable(),
  /** The first day of the backfill still to fetch; null once done. */
  backfillFrom: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  failures: z.number(),
  retryAt: z.string().nullable(),
});
export type FetchStatus = z.infer<typeof FetchStatusSchema>;

export const FigureDaysSchema = z.object({
  /** Null when the client has no Google connection. */
  status: FetchStatusSchema.nullable(),
  /** Oldest first. */
  days: z.array(DailyFiguresSchema),
});
export type FigureDays = z.infer<typeof FigureDaysSchema>;

export const FetchNowSchema = z.object({ message: z.string(), status: FetchStatusSchema });
export type FetchNow = z.infer<typeof FetchNowSchema>;
