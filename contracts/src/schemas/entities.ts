import { z } from 'zod';
import { ENQUIRY_STATUSES, QUOTE_STATUSES } from '../constants';
import { LIMITS } from './common';
import { slugField } from './content';

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
  notes: z.string().max(LIMITS.text).nullish(),
});
export const MonthlyReportSchema = MonthlyReportInputSchema.extend({
  id: z.number().int(),
  clientId: z.number().int(),
});
export type MonthlyReport = z.infer<typeof MonthlyReportSchema>;

export const ServicePackageInputSchema = z.object({
  type: z.string().trim().min(1, { error: 'Type is required' }).max(LIMITS.short),
  name: z.string().trim().min(1, { error: 'Name is required' }).max(LIMITS.name),
  description: z.string().max(LIMITS.text).nullish(),
  price: z.string().trim().min(1, { error: 'Price is required' }).max(LIMITS.short),
  features: z.array(z.string().max(LIMITS.short)).max(LIMITS.list).default([]),
  isPopular: z.boolean().default(false),
  imagePath: z.string().max(LIMITS.url).nullish(),
  buttonText: z.string().max(60).default('Get Started'),
  sortOrder: z.number().int().default(0),
  isActive: z.boolean().default(true),
});
export const ServicePackageSchema = ServicePackageInputSchema.extend({ id: z.number().int() });
export type ServicePackage = z.infer<typeof ServicePackageSchema>;

export const CaseStudyInputSchema = z.object({
  title: z.string().trim().min(1, { error: 'Title is required' }).max(LIMITS.name),
  /** Its page is /case-studies/<slug>; made from the title when not given. */
  slug: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), slugField.optional()),
  category: z.string().max(LIMITS.short).nullish(),
  scenario: z.string().max(LIMITS.text).nullish(),
  challenges: z.array(z.string().max(LIMITS.short)).max(LIMITS.list).default([]),
  strategies: z.unknown().optional(),
  results: z.unknown().optional(),
  imagePath: z.string().max(LIMITS.url).nullish(),
  conclusion: z.string().max(LIMITS.text).nullish(),
  sortOrder: z.number().int().default(0),
  isActive: z.boolean().default(true),
});
export const CaseStudySchema = CaseStudyInputSchema.extend({ id: z.number().int(), slug: z.string() });
export type CaseStudy = z.infer<typeof CaseStudySchema>;

export const EnquiryStatusUpdateSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: `Status must be one of ${ENQUIRY_STATUSES.join(', ')}` }),
});
export const QuoteStatusUpdateSchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: `Status must be one of ${QUOTE_STATUSES.join(', ')}` }),
});
