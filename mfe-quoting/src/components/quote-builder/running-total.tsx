import { formatNzd, type QuoteBreakdown } from '@agency/contracts';

/**
 * A calculator's running total on a phone: on a narrow screen the estimate comes after every
 * choice, thousands of pixels down, so this bar stays at the foot of the screen with the GST-inclusive totals and a
 * link to the estimate. Hidden from `lg`, where the estimate sits beside the choices. It says nothing to a screen
 * reader that the estimate itself does not (the estimate is one link away).
 */
export function RunningTotal({ breakdown, estimateId }: { breakdown: QuoteBreakdown; estimateId: string }) {
  return (
    <div
      data-testid="running-total"
      className="sticky bottom-0 z-20 -mx-4 mt-6 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
    >
      <p className="min-w-0 text-sm leading-tight">
        <span className="block font-bold">{formatNzd(breakdown.finalTotal)} one-time</span>
        <span className="block text-slate-600">{formatNzd(breakdown.finalMonthly)} a month, incl. GST</span>
      </p>
      <a
        href={`#${estimateId}`}
        className="shrink-0 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white"
      >
        See estimate
      </a>
    </div>
  );
}
