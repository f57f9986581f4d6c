import { z } from 'zod';
import { CALCULATOR_BUSINESS_TYPES } from '../constants';
import { quoteOptionsShape, refineQuoteOptions, type QuoteOptionsInput } from '../pricing/options';
import { emailField, LIMITS, optionalText, requiredText } from './common';

const money = z.number().finite().min(0).max(10_000_000);

/** The website calculator's breakdown as the browser computed it (kept for comparison, never trusted). */
export const PricingBreakdownSchema = z
  .object({
    websitePrice: money,
    addOnsPrice: money,
    chatbotSetup: money,
    chatbotMonthly: money,
    socialMediaMonthly: money,
    seoMonthly: money,
    metaAdsMonthly: money,
    socialMediaPageOptimization: money,
    totalOneTime: money,
    totalMonthly: money,
    gstOneTime: money,
    gstMonthly: money,
  })
  .partial();
export type PricingBreakdown = z.infer<typeof PricingBreakdownSchema>;

/** POST /api/website-quote (leads-and-quoting §3, messages of §5). */
export const WebsiteQuoteRequestSchema = z
  .object({
    name: optionalText(LIMITS.name),
    email: emailField(
      'Please enter your email address to receive the quote.',
      'Please enter your email address to receive the quote.',
    ),
    phone: requiredText('Please enter your phone number so we can contact you about your quote.', LIMITS.phone),
    websitePackageName: optionalText(LIMITS.short),
    ...quoteOptionsShape,
    pricing: PricingBreakdownSchema.optional(),
  })
  .superRefine(refineQuoteOptions);
export type WebsiteQuoteRequestInput = z.input<typeof WebsiteQuoteRequestSchema>;
export type WebsiteQuoteRequest = z.output<typeof WebsiteQuoteRequestSchema>;

/** Social calculator quote (leads-and-quoting §3): only social media figures. */
export const SocialQuoteSchema = z.object({
  firstName: requiredText('Please fill in your name and email address.'),
  lastName: optionalText(LIMITS.name),
  email: emailField('Please enter a valid email address', 'Please fill in your name and email address.'),
  phone: optionalText(LIMITS.phone),
  businessName: optionalText(LIMITS.name),
  additionalRequirements: optionalText(),
  quoteDetails: z.object({
    businessType: optionalText(LIMITS.short),
    services: z
      .object({
        staticPosts: quoteOptionsShape.staticPostsPerWeek,
        carouselPosts: quoteOptionsShape.carouselPostsPerWeek,
        videoPosts: quoteOptionsShape.videoPostsPerWeek,
        platforms: quoteOptionsShape.socialMediaPlatforms,
        optimization: quoteOptionsShape.socialMediaPageOptimizationCount,
      })
      // The calculator starts with nothing chosen (leads-and-quoting §4); a quote for nothing is no quote.
      .refine(
        (s) => s.staticPosts !== 'none' || s.carouselPosts !== 'none' || s.videoPosts !== 'none' || s.optimization > 0,
        'Choose at least one type of post or page optimisation',
      ),
    calculation: z
      .object({
        total: money,
        monthlyTotal: money,
        totalWithGst: money,
        monthlyTotalWithGst: money,
        finalTotal: money,
        finalMonthly: money,
      })
      .partial()
      .default({}),
  }),
});
export type SocialQuoteInput = z.input<typeof SocialQuoteSchema>;
export type SocialQuote = z.output<typeof SocialQuoteSchema>;

/** The price calculator's saved quote, localStorage key `quoteData` (leads-and-quoting §3). */
export const SavedQuoteSchema = z.object({
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
export type SavedQuoteInput = z.input<typeof SavedQuoteSchema>;
export type SavedQuote = z.output<typeof SavedQuoteSchema>;

/** The pricing options a saved quote stands for, so the server can price it again. */
export function savedQuoteOptions(q: SavedQuote): QuoteOptionsInput {
  return {
    websitePackage: q.websitePackage,
    selectedAddOns: q.selectedAddOns,
    chatbotSetup: q.chatbotServices.basicSetup,
    chatbotSupport: q.chatbotServices.monthlySupport,
    socialMediaPlatforms: q.socialMediaPlatforms,
    staticPostsPerWeek: q.staticPostsPerWeek,
    carouselPostsPerWeek: q.carouselPostsPerWeek,
    videoPostsPerWeek: q.videoPostsPerWeek,
    socialMediaPageOptimizationCount: q.socialMediaPageOptimizationCount,
    seoServices: q.seoServices,
    metaAdsPackage: q.metaAdsPackage,
    selectedMetaAdsAddOns: q.selectedMetaAdsAddOns,
  };
}

/** /custom-quote form plus the saved quote (leads-and-quoting §3). */
export const CustomQuoteSchema = z.object({
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  email: emailField('Please enter a valid email address'),
  phone: optionalText(LIMITS.phone),
  businessName: requiredText('Business name is required'),
  additionalRequirements: optionalText(),
  quoteDetails: SavedQuoteSchema,
  submittedAt: z.iso.datetime({ error: 'submittedAt must be an ISO date-time', offset: true }).optional(),
});
export type CustomQuoteInput = z.input<typeof CustomQuoteSchema>;
export type CustomQuote = z.output<typeof CustomQuoteSchema>;

/**
 * POST /api/submit-quote takes both quote kinds. The social calculator's `quoteDetails` carries `services`;
 * the saved quote never does, so that key decides which schema validates the body.
 */
export function submitQuoteKind(body: unknown): 'social' | 'custom' {
  const details = (body as { quoteDetails?: unknown } | null)?.quoteDetails;
  return details && typeof details === 'object' && 'services' in details ? 'social' : 'custom';
}

export const WebsiteQuoteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  id: z.number().int().optional(),
  pricing: z.record(z.string(), z.number()),
});
export type WebsiteQuoteResponse = z.infer<typeof WebsiteQuoteResponseSchema>;
