import {
  CHATBOT,
  META_ADS_PACKAGES,
  SEO_AUTHORITY_BLOGS,
  SEO_SERVICES,
  SOCIAL_WEEKLY,
  SOCIAL_WEEKS_PER_MONTH,
  WEBSITE_PACKAGES,
} from './tables';

/**
 * An NZD formatter built on first use, not when the module loads: a page's first currency formatter loads the
 * locale's data (~40 ms of main thread on Lighthouse's mobile CPU), which at module load sat inside the quoting
 * remote's start-up task, the longest on the calculator. On first use it falls into a render slice of its own.
 */
function nzdFormatter(digits: Intl.NumberFormatOptions) {
  let format: Intl.NumberFormat | undefined;
  return (amount: number) =>
    (format ??= new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', ...digits })).format(amount);
}

/** '$1,947.00' */
export const formatNzd = nzdFormatter({ minimumFractionDigits: 2 });
/** '$1,947' for headline prices that are whole dollars. */
export const formatNzdWhole = nzdFormatter({ maximumFractionDigits: 0 });

const min = (values: Iterable<number>) => Math.min(...values);
const max = (values: Iterable<number>) => Math.max(...values);
const websitePrices = Object.values(WEBSITE_PACKAGES).map((p) => p.price);
const socialMonthly = Object.values(SOCIAL_WEEKLY)
  .flatMap((rows) => Object.values(rows).flat())
  .map((w) => w * SOCIAL_WEEKS_PER_MONTH);
const seoMonthly = [...Object.values(SEO_AUTHORITY_BLOGS), ...Object.values(SEO_SERVICES)];

/**
 * 'From' and range figures derived from the tables, for the FAQ and the organisation's structured data, so no
 * page states a price the calculators would not charge.
 */
export const PRICE_RANGES = {
  website: { from: min(websitePrices), to: max(websitePrices) },
  socialMediaMonthly: { from: min(socialMonthly), to: max(socialMonthly) },
  seoMonthly: { from: min(seoMonthly), to: max(seoMonthly) },
  metaAdsMonthly: { from: min(Object.values(META_ADS_PACKAGES)), to: max(Object.values(META_ADS_PACKAGES)) },
  chatbot: { setup: CHATBOT.setup, monthly: CHATBOT.support },
} as const;
