import {
  QUOTE_STORAGE_KEY,
  SavedQuoteSchema,
  type CalculatorBusinessType,
  type QuoteBreakdown,
  type QuoteOptions,
  type SavedQuote,
} from '@agency/contracts';

export interface AppliedDiscount {
  code: string;
  percentage: number;
}

/** The saved quote in the spec's shape (leads-and-quoting §3), as /custom-quote reads it. */
export function toSavedQuote(
  businessType: CalculatorBusinessType | '',
  options: QuoteOptions,
  breakdown: QuoteBreakdown,
  discount: AppliedDiscount | null,
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

export function writeSavedQuote(storage: Pick<Storage, 'setItem'>, quote: SavedQuote): void {
  try {
    storage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(quote));
  } catch {
    // Private mode or a full quota: the calculator still works, the quote just is not kept.
  }
}

/** A previously saved quote to start from, when there is a valid one. */
export function readStartingQuote(storage: Pick<Storage, 'getItem'>): SavedQuote | null {
  try {
    const raw = storage.getItem(QUOTE_STORAGE_KEY);
    const parsed = raw ? SavedQuoteSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}
