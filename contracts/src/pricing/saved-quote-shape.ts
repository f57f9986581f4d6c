import { z } from 'zod';
import { CALCULATOR_BUSINESS_TYPES } from '../constants';
import { quoteOptionsShape } from './options';

/*
 * The saved quote's shape, below both the schema that checks it (quotes.ts `SavedQuoteSchema`, which adds the pricing
 * rules) and the zod-free mapping to pricing options (pricing/saved-quote.ts), which takes its type from here with a
 * type-only import: the price calculator's first load carries no zod (decision 0070).
 */

/** An amount of money in a payload: dollars, never negative. */
export const money = z.number().finite().min(0).max(10_000_000);

/** The price calculator's saved quote, localStorage key `quoteData` (leads-and-quoting §3). */
export const savedQuoteShape = z.object({
  businessType: z.union([z.enum(CALCULATOR_BUSINESS_TYPES), z.literal('')]).default(''),
  websitePackage: quoteOptionsShape.websitePackage,
  selectedAddOns: quoteOptionsShape.selectedAddOns,
  chatbotServices: z
    .object({ basicSetup: z.boolean(), monthlySupport: z.boolean() })
    .default({ basicSetup: false, monthlySupport: false }),
  socialMediaPlatforms: quoteOptionsShape.socialMediaPlatforms,
  staticPostsPerWeek: quoteOptionsShape.staticPostsPerWeek,
  carouselPostsPerWeek: quoteOptionsShape.carouselPostsPerWeek,
  videoPostsPerWeek: quoteOptionsShape.videoPostsPerWeek,
  socialMediaPageOptimizationCount: quoteOptionsShape.socialMediaPageOptimizationCount,
  seoServices: quoteOptionsShape.seoServices,
  metaAdsPackage: quoteOptionsShape.metaAdsPackage,
  selectedMetaAdsAddOns: quoteOptionsShape.selectedMetaAdsAddOns,
  appliedDiscount: z
    .object({ code: z.string().max(40), percentage: z.number().min(0).max(100), amount: money })
    .nullable()
    .optional(),
  calculation: z.object({
    monthlyTotal: money,
    oneTimeTotal: money,
    gstAmount: money,
    totalWithGst: money,
    monthlyTotalWithGst: money,
    finalTotal: money.optional(),
    finalMonthly: money.optional(),
  }),
  totalMonthly: money.optional(),
  setupCost: money.optional(),
});
export type SavedQuoteFields = z.output<typeof savedQuoteShape>;
/** A saved quote whose options also obey the pricing rules (what `SavedQuoteSchema` accepts). */
export type SavedQuote = SavedQuoteFields;
