import { formatNzd, type QuoteBreakdown } from '@agency/contracts';

type Totals = Pick<
  QuoteBreakdown,
  'totalOneTime' | 'totalWithGst' | 'totalMonthly' | 'monthlyTotalWithGst' | 'finalTotal' | 'finalMonthly'
>;

/**
 * A quote's totals as its e-mails say them: only the parts it has. A social media quote has no one-time price and a
 * website without monthly services no monthly one; a line reading "$0.00" looked like a fault to the people who got it.
 */
export function quoteTotalLines(p: Totals): string[] {
  const out: string[] = [];
  if (p.totalOneTime > 0)
    out.push(`One-time: ${formatNzd(p.totalOneTime)} + GST (${formatNzd(p.totalWithGst)} incl. GST)`);
  if (p.totalMonthly > 0)
    out.push(`Monthly: ${formatNzd(p.totalMonthly)} + GST (${formatNzd(p.monthlyTotalWithGst)} incl. GST)`);
  return out.length ? out : ['Nothing priced: we will talk through what you need.'];
}

/** The discounted totals, the parts the quote has: "$X one-time and $Y monthly" (joined by `and`). */
export function discountedTotals(p: Totals, and: string): string {
  const parts = [
    p.totalOneTime > 0 && `${formatNzd(p.finalTotal)} one-time`,
    p.totalMonthly > 0 && `${formatNzd(p.finalMonthly)} monthly`,
  ].filter(Boolean);
  return parts.join(and);
}
