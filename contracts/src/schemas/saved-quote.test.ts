import { describe, expect, it } from 'vitest';
import { calculateQuote } from '../pricing/calculate';
import { QuoteOptionsSchema, type QuoteOptionsInput } from '../pricing/options';
import { SavedQuoteSchema } from './quotes';
import { savedQuoteOptions, toSavedQuote } from '../pricing/saved-quote';

/** The one mapping between a saved quote (localStorage `quoteData`) and pricing options, both ways. */
describe('saved quote <-> options', () => {
  const cases: [string, QuoteOptionsInput, { code: string; percentage: number } | null][] = [
    ['nothing chosen', {}, null],
    [
      'a website with add-ons, chatbot and a discount',
      {
        websitePackage: 'storefront',
        selectedAddOns: ['Logo Design', 'Hosting Setup'],
        chatbotSetup: true,
        chatbotSupport: true,
      },
      { code: 'WELCOME10', percentage: 10 },
    ],
    [
      'social, SEO and Meta Ads',
      {
        socialMediaPlatforms: 3,
        staticPostsPerWeek: '3',
        videoPostsPerWeek: '1',
        socialMediaPageOptimizationCount: 2,
        metaAdsPackage: 'growth',
      },
      null,
    ],
  ];
  it.each(cases)('%s: saved, parsed back and mapped, gives the same options and totals', (_name, input, discount) => {
    const options = QuoteOptionsSchema.parse(input);
    const breakdown = calculateQuote(options, discount?.percentage ?? 0);
    const saved = SavedQuoteSchema.parse(JSON.parse(JSON.stringify(toSavedQuote('', options, breakdown, discount))));
    expect(savedQuoteOptions(saved)).toEqual(options);
    expect(saved.calculation.totalWithGst).toBe(breakdown.totalWithGst);
    expect(saved.appliedDiscount?.amount ?? 0).toBe(discount ? breakdown.discountAmount : 0);
  });

  it('refuses a saved quote whose options break the rules, naming the field', () => {
    const options = QuoteOptionsSchema.parse({});
    const saved = toSavedQuote('', options, calculateQuote(options, 0), null);
    const result = SavedQuoteSchema.safeParse({ ...saved, selectedAddOns: ['Logo Design'] });
    expect(result.error?.issues[0]?.path).toEqual(['selectedAddOns']);
  });
});
