import { formatNzd, type QuoteBreakdown } from '@agency/contracts';

/** A plain-text body from its lines; a line that is `false`, `null` or `undefined` (a part the mail lacks) is left out. */
export const lines = (...parts: (string | false | undefined | null)[]) =>
  parts.filter((p) => p !== false && p != null).join('\n');

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

/**
 * The discounted totals as one line, "<label>: $X one-time and $Y monthly, incl. GST" (parts joined by `and`), only
 * the parts the quote has; none when it has neither.
 */
export function discountedTotalsLine(p: Totals, label: string, and: string): string | undefined {
  const parts = [
    p.totalOneTime > 0 && `${formatNzd(p.finalTotal)} one-time`,
    p.totalMonthly > 0 && `${formatNzd(p.finalMonthly)} monthly`,
  ].filter(Boolean);
  return parts.length ? `${label}: ${parts.join(and)}, incl. GST` : undefined;
}
