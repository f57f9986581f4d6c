import { formatNzd, type QuoteBreakdown } from '@agency/contracts';

function Row({ label, value, strong, testId }: { label: string; value: number; strong?: boolean; testId?: string }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? 'text-lg font-bold text-slate-900' : 'text-sm text-slate-600'}`}
    >
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatNzd(value)}</dd>
    </div>
  );
}

/** One-time and monthly totals, each with GST, to the cent (prices from the shared engine only). */
export function PriceSummary({ breakdown, discountCode }: { breakdown: QuoteBreakdown; discountCode?: string }) {
  const discounted = breakdown.discountPercentage > 0;
  return (
    <div className="space-y-5" aria-live="polite">
      <dl className="space-y-1">
        <Row label="One-time (excl. GST)" value={breakdown.totalOneTime} testId="one-time-excl" />
        <Row label="GST (15%)" value={breakdown.gstOneTime} />
        <Row label="One-time total (incl. GST)" value={breakdown.totalWithGst} strong testId="one-time-incl" />
        {discounted && (
          <Row
            label={`After ${discountCode ?? ''} ${breakdown.discountPercentage}% discount`}
            value={breakdown.finalTotal}
            strong
            testId="one-time-final"
          />
        )}
      </dl>
      <dl className="space-y-1">
        <Row label="Monthly (excl. GST)" value={breakdown.totalMonthly} testId="monthly-excl" />
        <Row label="GST (15%)" value={breakdown.gstMonthly} />
        <Row label="Monthly total (incl. GST)" value={breakdown.monthlyTotalWithGst} strong testId="monthly-incl" />
        {discounted && (
          <Row label="Monthly after discount" value={breakdown.finalMonthly} strong testId="monthly-final" />
        )}
      </dl>
      <p className="text-xs text-slate-500">
        Prices in NZD. Monthly services have a 6-month minimum term and exclude ad spend, hosting, domains and
        third-party fees.
      </p>
    </div>
  );
}
