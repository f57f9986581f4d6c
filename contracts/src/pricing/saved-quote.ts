import type { CalculatorBusinessType } from '../constants';
import type { QuoteBreakdown } from './calculate';
import type { QuoteOptions } from './options';

/*
 * A saved quote and the pricing options it stands for, both ways: the calculator saves one from its options and
 * price (localStorage `quoteData`, the spec's shape), /custom-quote and the server read the options back.
 * The shape is declared here, below the schema: the price calculator's first load carries no zod (decision 0070);
 * the schema (schemas/quotes.ts `SavedQuoteSchema`) is held to this type and is loaded only to check a quote read back
 * from the browser's storage.
 */

/** The price calculator's saved quote, localStorage key `quoteData` (leads-and-quoting §3), as the schema gives it. */
export interface SavedQuoteFields {
  businessType: CalculatorBusinessType | '';
  websitePackage: QuoteOptions['websitePackage'];
  selectedAddOns: QuoteOptions['selectedAddOns'];
  chatbotServices: { basicSetup: boolean; monthlySupport: boolean };
  socialMediaPlatforms: QuoteOptions['socialMediaPlatforms'];
  staticPostsPerWeek: QuoteOptions['staticPostsPerWeek'];
  carouselPostsPerWeek: QuoteOptions['carouselPostsPerWeek'];
  videoPostsPerWeek: QuoteOptions['videoPostsPerWeek'];
  socialMediaPageOptimizationCount: QuoteOptions['socialMediaPageOptimizationCount'];
  seoServices: QuoteOptions['seoServices'];
  metaAdsPackage: QuoteOptions['metaAdsPackage'];
  selectedMetaAdsAddOns: QuoteOptions['selectedMetaAdsAddOns'];
  appliedDiscount?: { code: string; percentage: number; amount: number } | null;
  calculation: {
    monthlyTotal: number;
    oneTimeTotal: number;
    gstAmount: number;
    totalWithGst: number;
    monthlyTotalWithGst: number;
    finalTotal?: number;
    finalMonthly?: number;
  };
  totalMonthly?: number;
  setupCost?: number;
}
/** A saved quote whose options also obey the pricing rules (what `SavedQuoteSchema` accepts). */
export type SavedQuote = SavedQuoteFields;

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
