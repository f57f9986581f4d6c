import { z } from 'zod';
import { ENQUIRY_STATUSES, QUOTE_STATUSES } from '../constants';
import { LIMITS } from './common';
import { contentText, requiredContentText, slugField } from './content';

/** Records as the API returns them (site-and-accounts §3). Dates are ISO strings on the wire. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be YYYY-MM-DD' });
const count = z.number().int().min(0).max(1_000_000_000);
const rate = z.number().finite().min(0).max(1_000_000);

export const MetricsSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  seo: z.record(z.string(), z.unknown()).nullable(),
  smm: z.record(z.string(), z.unknown()).nullable(),
  sem: z.record(z.string(), z.unknown()).nullable(),
  date: isoDate,
});
export type Metrics = z.infer<typeof MetricsSchema>;

/** `GET /api/metrics/latest`: a client's newest figures, null before staff record any. */
export const LatestMetricsSchema = z.object({ metrics: MetricsSchema.nullable() });

/** Headline figures per channel (e.g. { "sessions": 1200, "rank": 4 }); keys are free, values numbers or text. */
const channelFigures = z
  .record(z.string().max(60), z.union([z.number().finite(), z.string().max(200)]))
  .refine((o) => Object.keys(o).length <= 30, {
    error: 'At most 30 figures per channel',
  });
export const MetricsInputSchema = z.object({
  date: isoDate,
  seo: channelFigures.nullish(),
  smm: channelFigures.nullish(),
  sem: channelFigures.nullish(),
});
export type MetricsInput = z.infer<typeof MetricsInputSchema>;

export const ClientFileSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type ClientFile = z.infer<typeof ClientFileSchema>;

/** Editable fields of a monthly report; every figure optional because not every client buys every service. */
export const MonthlyReportInputSchema = z.object({
  reportDate: isoDate,
  websiteTraffic: count.nullish(),
  organicTraffic: count.nullish(),
  paidTraffic: count.nullish(),
  conversions: count.nullish(),
  conversionRate: rate.nullish(),
  searchRanking: count.nullish(),
  backlinks: count.nullish(),
  socialEngagement: count.nullish(),
  socialEngagementRate: rate.nullish(),
  followerGrowth: z.number().int().min(-1_000_000_000).max(1_000_000_000).nullish(),
  clickThroughRate: rate.nullish(),
  costPerClick: rate.nullish(),
  paidConversionRate: rate.nullish(),
  /** The narrative (decision 0094): "what we did" (`notes`, as before drafts) and "what's next". */
  notes: z.string().max(LIMITS.text).nullish(),
  nextSteps: z.string().max(LIMITS.text).nullish(),
});
export const REPORT_STATUSES = ['draft', 'published'] as const;
export const MonthlyReportSchema = MonthlyReportInputSchema.extend({
  id: z.number().int(),
  clientId: z.number().int(),
  /** Only a published report reaches the client (decision 0094). */
  status: z.enum(REPORT_STATUSES),
  publishedAt: z.string().nullish(),
});

/**
 * A report as the portal lists it (`GET /api/reports`): with the figures of the same client's report for the
 * calendar month before, when there is one, so each figure shows its change even at the foot of a page.
 */
export const ListedReportSchema = MonthlyReportSchema.extend({
  previous: MonthlyReportSchema.omit({ notes: true, nextSteps: true }).nullable(),
});
export type ListedReport = z.infer<typeof ListedReportSchema>;

const monthName = /* @__PURE__ */ new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A report's month as people say it: "2026-10-01" -> "October 2026". */
export const reportMonth = (reportDate: string): string => monthName.format(new Date(`${reportDate}T00:00:00Z`));
const dayName = /* @__PURE__ */ new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A calendar day as a New Zealand reader writes it, beside months written out: "2026-10-31" -> "31 October 2026". */
export const calendarDay = (date: string): string => dayName.format(new Date(`${date}T00:00:00Z`));
export type MonthlyReport = z.infer<typeof MonthlyReportSchema>;

/** Lower sort orders come first; the bounds keep a typo (or a number past what JavaScript holds exactly) out. */
export const SORT_ORDER_MAX = 1_000_000;
const sortOrder = z
  .number({ error: 'Sort order must be a whole number' })
  .int({ error: 'Sort order must be a whole number' })
  .min(-SORT_ORDER_MAX, { error: `Sort order must be between -${SORT_ORDER_MAX} and ${SORT_ORDER_MAX}` })
  .max(SORT_ORDER_MAX, { error: `Sort order must be between -${SORT_ORDER_MAX} and ${SORT_ORDER_MAX}` })
  .default(0);

/**
 * An image staff give a package or case study: a path on this site (an upload, or a file the site serves), never
 * another site's. A leading `//` or `/\` would be another site to a browser, and spaces or quotes are no path.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\"'<>]*$/;
const sitePath = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(LIMITS.url, { error: `Must be at most ${LIMITS.url} characters` })
    .regex(SITE_PATH, { error: 'Image path must be a path on this site, such as /content-images/<name>.webp' })
    .nullish(),
);

const lines = (what: string) =>
  z
    .array(contentText(LIMITS.short), { error: `${what} must be a list of lines` })
    .max(LIMITS.list, { error: `At most ${LIMITS.list} ${what.toLowerCase()}` });

/**
 * A case study's strategies and results (spec: json): lines of text, as the dashboard writes them, or an older
 * object of figures ({ "calls": "+40%" }) whose values are text or numbers. Nothing else: a value of any other
 * shape is what the site cannot show.
 */
const figures = (what: string) =>
  z.union(
    [
      lines(what),
      z
        .record(z.string().max(60), z.union([contentText(LIMITS.short), z.number().finite()]))
        .refine((o) => Object.keys(o).length <= LIMITS.list, { error: `At most ${LIMITS.list} entries` }),
    ],
    { error: `${what} must be lines of text` },
  );

export const ServicePackageInputSchema = z.object({
  type: requiredContentText('Type is required', LIMITS.short),
  name: requiredContentText('Name is required', LIMITS.name),
  description: contentText(LIMITS.text).nullish(),
  price: requiredContentText('Price is required', LIMITS.short),
  features: lines('Features').default([]),
  isPopular: z.boolean().default(false),
  imagePath: sitePath,
  buttonText: contentText(60).default('Get Started'),
  sortOrder,
  isActive: z.boolean().default(true),
});
/** A package as a public read lets it out: the stored row, checked by the rules it was written with. */
export const ServicePackageSchema = ServicePackageInputSchema.extend({ id: z.number().int() });
export type ServicePackage = z.infer<typeof ServicePackageSchema>;

const CaseStudyFieldsSchema = z.object({
  title: requiredContentText('Title is required', LIMITS.name),
  /** Its page is /case-studies/<slug>; made from the title when not given. */
  slug: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), slugField.optional()),
  category: contentText(LIMITS.short).nullish(),
  scenario: contentText(LIMITS.text).nullish(),
  challenges: lines('Challenges').default([]),
  strategies: figures('Strategies').nullish(),
  results: figures('Results').nullish(),
  imagePath: sitePath,
  /** What the image shows, said to people who cannot see it: required with an image (checked below). */
  imageAlt: contentText(300).default(''),
  conclusion: contentText(LIMITS.text).nullish(),
  sortOrder,
  isActive: z.boolean().default(true),
});
/** What staff send; an image needs its alt text (rows stored before it had one show theirs as decorative). */
export const CaseStudyInputSchema = CaseStudyFieldsSchema.refine((study) => !study.imagePath || study.imageAlt !== '', {
  path: ['imageAlt'],
  error: 'Image alt text is required with an image',
});
/** A case study as a public read lets it out: the stored row, checked by the rules it was written with. */
export const CaseStudySchema = CaseStudyFieldsSchema.extend({ id: z.number().int(), slug: slugField });
export type CaseStudy = z.infer<typeof CaseStudySchema>;

/**
 * A stored package or case study as the dashboard lists it: any shape a row may have (an older version's, a manual
 * edit's), so that staff can open a row the public pages leave out and fix it.
 */
export const StaffContentItemSchema = z.looseObject({
  id: z.number().int(),
  sortOrder: z.number().catch(0),
  isActive: z.boolean().catch(false),
});

export const EnquiryStatusUpdateSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: `Status must be one of ${ENQUIRY_STATUSES.join(', ')}` }),
});
export const QuoteStatusUpdateSchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: `Status must be one of ${QUOTE_STATUSES.join(', ')}` }),
});

/**
 * A lead as the staff inbox reads it. Each kind of lead has its own columns and the dashboard shows them as they
 * come, so only what it acts on is checked: the id, and the status of the kinds that have one (an audio sign-up has
 * none: null in the All view).
 */
export const LeadRowSchema = z.looseObject({ id: z.number().int(), status: z.string().nullish() });
export type LeadRow = z.infer<typeof LeadRowSchema>;
