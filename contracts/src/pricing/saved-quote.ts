import type { SavedQuote, SavedQuoteFields } from './saved-quote-shape';
import type { QuoteBreakdown } from './calculate';
import type { QuoteOptions } from './options';

/*
 * A saved quote and the pricing options it stands for, both ways: the calculator saves one from its options and
 * price (localStorage `quoteData`, the spec's shape), /custom-quote and the server read the options back.
 * Its type comes from the shape's schema (saved-quote-shape.ts, beside it) by a type-only import, so the price
 * calculator's first load carries no zod (decision 0070); the schema is loaded only to check a quote read back from
 * the browser's storage.
 */

/** The pricing options a saved quote stands for (already checked by SavedQuoteSchema), to price it again. */
export function savedQuoteOptions(q: SavedQuoteFields): QuoteOptions {
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

/** The saved quote in the spec's shape (leads-and-quoting §3) for options priced as `breakdown`. */
export function toSavedQuote(
  businessType: SavedQuote['businessType'],
  options: QuoteOptions,
  breakdown: QuoteBreakdown,
  discount: { code: string; percentage: number } | null,
): SavedQuote {
  return {
    businessType,
    websitePackage: options.websitePackage,
    selectedAddOns: options.selectedAddOns,
    chatbotServices: { basicSetup: options.chatbotSetup, monthlySupport: options.chatbotSupport },
    socialMediaPlatforms: options.socialMediaPlatforms,
    staticPostsPerWeek: options.staticPostsPerWeek,
    carouselPostsPerWeek: options.carouselPostsPerWeek,
    videoPostsPerWeek: options.videoPostsPerWeek,
    socialMediaPageOptimizationCount: options.socialMediaPageOptimizationCount,
    seoServices: options.seoServices,
    metaAdsPackage: options.metaAdsPackage,
    selectedMetaAdsAddOns: options.selectedMetaAdsAddOns,
    appliedDiscount: discount ? { ...discount, amount: breakdown.discountAmount } : null,
    calculation: {
      monthlyTotal: breakdown.monthlyTotal,
      oneTimeTotal: breakdown.oneTimeTotal,
      gstAmount: breakdown.gstAmount,
      totalWithGst: breakdown.totalWithGst,
      monthlyTotalWithGst: breakdown.monthlyTotalWithGst,
      finalTotal: breakdown.finalTotal,
      finalMonthly: breakdown.finalMonthly,
    },
    totalMonthly: breakdown.finalMonthly,
    setupCost: breakdown.finalTotal,
  };
}
