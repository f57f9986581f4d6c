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
 * NZD as en-NZ writes it ('-$1,947.50'), without `Intl.NumberFormat`: a page's first currency formatter loads the
 * locale's data, ~25 ms of main thread on Lighthouse's mobile CPU in the middle of the calculator's first render
 * (decision 0044). The tests hold it to Intl's output over thousands of amounts.
 */
function nzd(amount: number, fractionDigits: 0 | 2): string {
  // NaN, infinities and amounts from 1e21 (which print in exponent form): no price, so Intl may take its time.
  if (!Number.isFinite(amount) || Math.abs(amount) >= 1e21)
    return new Intl.NumberFormat('en-NZ', {
      style: 'currency',
      currency: 'NZD',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(amount);
  const fixed = roundHalfUp(Math.abs(amount), fractionDigits);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = amount < 0 && /[1-9]/.test(fixed) ? '-' : '';
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Rounds half up on the number's shortest decimal form, as Intl does (1.005 -> '1.01', 1.4849999999999999 ->
 * '1.48'), not on its binary value as `toFixed` does (1.005 is 1.00499... -> '1.00'). Below 1e-6 (exponent form)
 * the answer is zero, which `toFixed` gives.
 */
function roundHalfUp(abs: number, digits: number): string {
  const shortest = String(abs);
  if (shortest.includes('e')) return abs.toFixed(digits);
  const [int = '0', frac = ''] = shortest.split('.');
  const scaled = BigInt(int + frac.slice(0, digits).padEnd(digits, '0')) + ((frac[digits] ?? '0') >= '5' ? 1n : 0n);
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/** '$1,947.00' */
export const formatNzd = (amount: number) => nzd(amount, 2);
/** '$1,947' for headline prices that are whole dollars. */
export const formatNzdWhole = (amount: number) => nzd(amount, 0);

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
