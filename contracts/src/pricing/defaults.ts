import type { QuoteOptions } from './options';

/**
 * What QuoteOptionsSchema makes of an empty selection (nothing picked, one social platform), written out so that a
 * calculator can start from it without loading zod (pricing/defaults.test.ts holds it to the schema's defaults).
 */
export const DEFAULT_QUOTE_OPTIONS: Readonly<QuoteOptions> = Object.freeze({
  websitePackage: 'none',
  selectedAddOns: [],
  chatbotSetup: false,
  chatbotSupport: false,
  socialMediaPlatforms: 1,
  staticPostsPerWeek: 'none',
  carouselPostsPerWeek: 'none',
  videoPostsPerWeek: 'none',
  socialMediaPageOptimizationCount: 0,
  seoServices: { authorityBlogsPerMonth: 'none', seoServices: 'none' },
  metaAdsPackage: 'none',
  selectedMetaAdsAddOns: [],
});
