import { z } from 'zod';
import { QuoteOptionsSchema, quoteOptionsShape, refineQuoteOptions, type QuoteOptions } from '../pricing/options';
import { savedQuoteOptions } from '../pricing/saved-quote';
import { money, savedQuoteShape } from '../pricing/saved-quote-shape';
import { emailField, LIMITS, optionalText, requiredText } from './common';

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

/** The pricing options a social quote stands for: social figures only (that calculator offers nothing else). */
export function socialQuoteOptions(s: z.output<typeof SocialQuoteSchema>['quoteDetails']['services']): QuoteOptions {
  return QuoteOptionsSchema.parse({
    socialMediaPlatforms: s.platforms,
    staticPostsPerWeek: s.staticPosts,
    carouselPostsPerWeek: s.carouselPosts,
    videoPostsPerWeek: s.videoPosts,
    socialMediaPageOptimizationCount: s.optimization,
  });
}
export type SocialQuote = z.output<typeof SocialQuoteSchema>;

// The options it stands for obey the same rules as every other payload's, so one parse gives usable options.
export const SavedQuoteSchema = savedQuoteShape.superRefine((q, ctx) => refineQuoteOptions(savedQuoteOptions(q), ctx));
export type SavedQuoteInput = z.input<typeof SavedQuoteSchema>;
export type { SavedQuote, SavedQuoteFields } from '../pricing/saved-quote-shape';

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
 * POST /api/submit-quote takes both quote kinds in the spec's shapes, which carry no kind field: the social
 * calculator's `quoteDetails` holds `services`, the saved quote never does. That rule lives here, once, and the
 * parse gives the kind with the quote, so no handler looks at a body's keys. Issues keep the body's own field paths.
 */
export const QuoteSubmissionSchema = z.preprocess(
  // Typed as what a browser sends, so a caller's body is checked by the compiler; the function still reads anything.
  (body: SocialQuoteInput | CustomQuoteInput) => {
    const details = (body as { quoteDetails?: unknown } | null)?.quoteDetails;
    const social = !!details && typeof details === 'object' && 'services' in details;
    return { ...(body && typeof body === 'object' ? body : {}), kind: social ? 'social' : 'custom' };
  },
  z.discriminatedUnion('kind', [
    SocialQuoteSchema.extend({ kind: z.literal('social') }),
    CustomQuoteSchema.extend({ kind: z.literal('custom') }),
  ]),
);
export type QuoteSubmission = z.output<typeof QuoteSubmissionSchema>;

export const WebsiteQuoteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  id: z.number().int().optional(),
  pricing: z.record(z.string(), z.number()),
});
export type WebsiteQuoteResponse = z.infer<typeof WebsiteQuoteResponseSchema>;
