import { GST_RATE_PERCENT } from '../constants';
import type { QuoteOptions } from './options';
import {
  CHATBOT,
  META_ADS_ADD_ONS,
  META_ADS_PACKAGES,
  PAGE_OPTIMISATION,
  SEO_AUTHORITY_BLOGS,
  SEO_SERVICES,
  SOCIAL_WEEKLY,
  SOCIAL_WEEKS_PER_MONTH,
  WEBSITE_PACKAGES,
  type SocialPostType,
} from './tables';

/** Whole dollars to integer cents: every sum below is exact. */
const cents = (dollars: number) => Math.round(dollars * 100);
/** Integer cents to dollars, at the edge only. */
const dollars = (c: number) => Math.round(c) / 100;
/** Percent of an integer-cent amount, rounded half up to the cent (the only place rounding happens). */
const percentOf = (c: number, percent: number) => Math.round((c * percent) / 100);

/** The website calculator's breakdown plus the saved quote's `calculation` fields, all in NZD. */
export interface QuoteBreakdown {
  websitePrice: number;
  addOnsPrice: number;
  chatbotSetup: number;
  chatbotMonthly: number;
  socialMediaMonthly: number;
  seoMonthly: number;
  metaAdsMonthly: number;
  socialMediaPageOptimization: number;
  totalOneTime: number;
  totalMonthly: number;
  gstOneTime: number;
  gstMonthly: number;
  oneTimeTotal: number;
  monthlyTotal: number;
  gstAmount: number;
  totalWithGst: number;
  monthlyTotalWithGst: number;
  discountPercentage: number;
  finalTotal: number;
  finalMonthly: number;
  discountAmount: number;
}

export function socialWeeklyPrice(type: SocialPostType, perWeek: string, platforms: number): number {
  if (perWeek === 'none') return 0;
  const row = SOCIAL_WEEKLY[type][Number(perWeek)];
  const price = row?.[platforms - 1];
  if (price === undefined) throw new RangeError(`No ${type} price for ${perWeek} posts/week on ${platforms} platforms`);
  return price;
}

/**
 * Prices a validated selection (parse it with QuoteOptionsSchema first). A discount percentage applies to
 * both GST-inclusive totals, per docs/spec/decisions.md.
 */
export function calculateQuote(o: QuoteOptions, discountPercentage = 0): QuoteBreakdown {
  if (!(discountPercentage >= 0 && discountPercentage <= 100)) throw new RangeError('Discount must be 0-100%');
  const pkg = o.websitePackage === 'none' ? null : WEBSITE_PACKAGES[o.websitePackage];
  const website = cents(pkg?.price ?? 0);
  const addOns = cents(
    o.selectedAddOns.reduce((sum, name) => {
      const addOn = pkg?.addOns.find((a) => a.name === name);
      if (!addOn) throw new RangeError(`Unknown add-on ${name}`);
      return sum + addOn.price;
    }, 0),
  );
  const chatbotSetup = cents(o.chatbotSetup ? CHATBOT.setup : 0);
  const chatbotMonthly = cents(o.chatbotSupport ? CHATBOT.support : 0);
  const weekly =
    socialWeeklyPrice('static', o.staticPostsPerWeek, o.socialMediaPlatforms) +
    socialWeeklyPrice('carousel', o.carouselPostsPerWeek, o.socialMediaPlatforms) +
    socialWeeklyPrice('video', o.videoPostsPerWeek, o.socialMediaPlatforms);
  const social = cents(weekly * SOCIAL_WEEKS_PER_MONTH);
  const pageOptimisation = cents(PAGE_OPTIMISATION[o.socialMediaPageOptimizationCount] ?? NaN);
  const blogs = o.seoServices.authorityBlogsPerMonth;
  const service = o.seoServices.seoServices;
  const seo = cents(
    (blogs === 'none' ? 0 : SEO_AUTHORITY_BLOGS[blogs as keyof typeof SEO_AUTHORITY_BLOGS]) +
      (service === 'none' ? 0 : SEO_SERVICES[service as keyof typeof SEO_SERVICES]),
  );
  const metaAds = cents(
    (o.metaAdsPackage === 'none' ? 0 : META_ADS_PACKAGES[o.metaAdsPackage as keyof typeof META_ADS_PACKAGES]) +
      o.selectedMetaAdsAddOns.reduce((sum, name) => sum + META_ADS_ADD_ONS[name as keyof typeof META_ADS_ADD_ONS], 0),
  );
  if ([pageOptimisation, seo, metaAds].some(Number.isNaN)) throw new RangeError('Selection outside the price tables');

  const oneTime = website + addOns + chatbotSetup + pageOptimisation;
  const monthly = chatbotMonthly + social + seo + metaAds;
  const gstOneTime = percentOf(oneTime, GST_RATE_PERCENT);
  const gstMonthly = percentOf(monthly, GST_RATE_PERCENT);
  const totalWithGst = oneTime + gstOneTime;
  const monthlyWithGst = monthly + gstMonthly;
  // decisions.md: final = total incl. GST x (1 - p/100), rounded once; the discount amount is what remains.
  const finalTotal = percentOf(totalWithGst, 100 - discountPercentage);
  const finalMonthly = percentOf(monthlyWithGst, 100 - discountPercentage);

  return {
    websitePrice: dollars(website),
    addOnsPrice: dollars(addOns),
    chatbotSetup: dollars(chatbotSetup),
    chatbotMonthly: dollars(chatbotMonthly),
    socialMediaMonthly: dollars(social),
    seoMonthly: dollars(seo),
    metaAdsMonthly: dollars(metaAds),
    socialMediaPageOptimization: dollars(pageOptimisation),
    totalOneTime: dollars(oneTime),
    totalMonthly: dollars(monthly),
    gstOneTime: dollars(gstOneTime),
    gstMonthly: dollars(gstMonthly),
    oneTimeTotal: dollars(oneTime),
    monthlyTotal: dollars(monthly),
    gstAmount: dollars(gstOneTime),
    totalWithGst: dollars(totalWithGst),
    monthlyTotalWithGst: dollars(monthlyWithGst),
    discountPercentage,
    finalTotal: dollars(finalTotal),
    finalMonthly: dollars(finalMonthly),
    discountAmount: dollars(totalWithGst - finalTotal),
  };
}

/** True when every figure the browser sent matches the server's to the cent (missing figures don't count). */
export function pricingAgrees(
  browser: Partial<Record<keyof QuoteBreakdown, unknown>> | undefined,
  server: QuoteBreakdown,
): boolean {
  if (!browser) return false;
  return (Object.keys(server) as (keyof QuoteBreakdown)[]).every((key) => {
    const sent = browser[key];
    return sent === undefined || (typeof sent === 'number' && Math.round(sent * 100) === Math.round(server[key] * 100));
  });
}
