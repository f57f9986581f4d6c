import { describeSelection, formatNzd, savedQuoteOptions, type SavedQuote } from '@agency/contracts';

/**
 * The saved quote's summary card. Without a quote (the server's render, while the browser's saved quote is read) it
 * holds its place with dashes: the list keeps room for a usual selection, so the form under it on a phone barely
 * moves when the quote arrives.
 */
export function QuoteSummary({ quote }: { quote: SavedQuote | null }) {
  const c = quote?.calculation;
  const items = quote ? describeSelection(savedQuoteOptions(quote)) : [];
  const money = (value: number | undefined) => (value === undefined ? '-' : formatNzd(value));
  return (
    <section aria-labelledby="summary-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="summary-heading" className="text-xl font-bold">
        Quote summary
      </h2>
      <ul className="mt-4 min-h-24 list-disc space-y-1 pl-5 text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <dl className="mt-6 space-y-3">
        <div className="flex justify-between font-semibold">
          <dt>One-time total (inc. GST)</dt>
          <dd data-testid="custom-one-time">{money(c?.totalWithGst)}</dd>
        </div>
        {quote?.appliedDiscount && c?.finalTotal !== undefined && (
          <div className="flex justify-between text-green-800">
            <dt>
              After {quote.appliedDiscount.code} ({quote.appliedDiscount.percentage}% off)
            </dt>
            <dd data-testid="custom-one-time-final">{formatNzd(c.finalTotal)}</dd>
          </div>
        )}
        <div className="flex justify-between font-semibold">
          <dt>Monthly (inc. GST)</dt>
          <dd data-testid="custom-monthly">{money(c && (c.finalMonthly ?? c.monthlyTotalWithGst))}</dd>
        </div>
      </dl>
    </section>
  );
}
