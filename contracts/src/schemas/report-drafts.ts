import { z } from 'zod';
import { MonthlyReportInputSchema, MonthlyReportSchema } from './entities';
import { RankedRowSchema } from './google-figures';

/**
 * A month's report built from a client's Google figures (decision 0094): the fields of the report that Google's
 * figures fill, what was fetched for each, and what the draft shows staff beside them.
 */

/** The report's fields that Google's figures fill; the others are left for staff. */
export const FETCHED_FIELDS = [
  'websiteTraffic',
  'organicTraffic',
  'paidTraffic',
  'conversions',
  'conversionRate',
  'searchRanking',
  'clickThroughRate',
] as const;
export type FetchedField = (typeof FETCHED_FIELDS)[number];

const figure = z.number().finite().nullable();
/** One value per fetched field; null where its source was not connected or had no day in the month. */
export const FetchedFiguresSchema = z.object({
  websiteTraffic: figure,
  organicTraffic: figure,
  paidTraffic: figure,
  conversions: figure,
  conversionRate: figure,
  searchRanking: figure,
  clickThroughRate: figure,
});
export type FetchedFigures = z.infer<typeof FetchedFiguresSchema>;

/** A search query or page over the month: summed clicks and impressions, ctr 0-1, impression-weighted position. */
export type RankedRowSummary = z.infer<typeof RankedRowSchema>;

export const FetchedReportSchema = z.object({
  figures: FetchedFiguresSchema,
  /** The same figures for the month before, from its stored days: the month-on-month change. */
  previous: FetchedFiguresSchema.nullable(),
  topQueries: z.array(RankedRowSchema),
  topPages: z.array(RankedRowSchema),
  /** Days of the month with no stored figures (YYYY-MM-DD). */
  missingDays: z.array(z.string()),
  builtAt: z.string(),
});
export type FetchedReport = z.infer<typeof FetchedReportSchema>;

/**
 * A report as staff review it: its figures, what was fetched (null for one typed in by hand, or stored text that
 * does not parse), and which figures staff changed from the fetched value.
 */
export const ReviewReportSchema = MonthlyReportSchema.extend({
  fetched: FetchedReportSchema.nullable(),
  edited: z.array(z.enum(FETCHED_FIELDS)),
});
export type ReviewReport = z.infer<typeof ReviewReportSchema>;

/** A draft's figures and narrative as staff save them; its month is fixed. */
export const ReportDraftInputSchema = MonthlyReportInputSchema.omit({ reportDate: true });
export type ReportDraftInput = z.infer<typeof ReportDraftInputSchema>;

/** `{ month: "2026-10" }`: the month to build a draft of. */
export const BuildDraftSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must be YYYY-MM' }),
});
