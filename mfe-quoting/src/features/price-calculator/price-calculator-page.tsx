import { startTransition, useEffect, useMemo, useState } from 'react';
import {
  RECOMMENDED_PLATFORMS,
  savedQuoteOptions,
  toSavedQuote,
  type CalculatorBusinessType,
  type SavedQuote,
} from '@agency/contracts';
import { BookingLink, buttonClass, QuoteCta } from '../../components/booking-link';
import { CalculatorPickers } from '../../components/quote-builder/calculator-pickers';
import { PriceSummary } from '../../components/quote-builder/price-summary';
import { pricedOrZero, useQuoteOptions } from '../../components/quote-builder/use-quote-options';
import { RunningTotal } from '../../components/quote-builder/running-total';
import { DiscountBox } from './discount-box';
import { BusinessTypePicker } from './business-type-picker';
import { readStartingQuote, writeSavedQuote, type AppliedDiscount } from './saved-quote';

/**
 * The visitor's saved quote lives in this browser only, so the page renders (on the server too) as a fresh
 * calculator and restores the saved quote once mounted. Nothing is saved until the read is done, so the fresh state
 * never overwrites the saved quote. The read is a transition after hydration, not a synchronous re-render inside
 * hydration's commit, and it loads the schema that checks a saved quote only when there is one (issue 42).
 */
export function PriceCalculatorPage() {
  const [start, setStart] = useState<SavedQuote | null | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    void readStartingQuote(window.localStorage).then((quote) => {
      if (mounted) startTransition(() => setStart(quote));
    });
    return () => {
      mounted = false;
    };
  }, []);
  return <Calculator key={start ? 'restored' : 'fresh'} start={start ?? null} persist={start !== undefined} />;
}

function Calculator({ start, persist }: { start: SavedQuote | null; persist: boolean }) {
  const [businessType, setBusinessType] = useState<CalculatorBusinessType | ''>(start?.businessType ?? '');
  const [discount, setDiscount] = useState<AppliedDiscount | null>(
    start?.appliedDiscount ? { code: start.appliedDiscount.code, percentage: start.appliedDiscount.percentage } : null,
  );
  const { options, update, toggle } = useQuoteOptions(start ? savedQuoteOptions(start) : {});
  const breakdown = useMemo(() => pricedOrZero(options, discount?.percentage ?? 0), [options, discount]);

  // The saved quote follows every change, so /custom-quote always shows what is on screen.
  useEffect(() => {
    if (persist) writeSavedQuote(window.localStorage, toSavedQuote(businessType, options, breakdown, discount));
  }, [persist, businessType, options, breakdown, discount]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight">Instant Price Calculator</h1>
        <p className="mt-4 text-lg text-slate-700">
          Pick what your business needs and see the price straight away: one-time setup and monthly, in NZD, with GST
          shown. No sign-up, no sales call required.
        </p>
      </header>
      {/* minmax(0, ...): a track never grows to a child's min-content, so nothing pushes the page wider. */}
      <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="space-y-6">
          <BusinessTypePicker value={businessType} onChange={setBusinessType} />
          <CalculatorPickers
            options={options}
            update={update}
            toggle={toggle}
            allowNoWebsite
            platformOrder={businessType ? RECOMMENDED_PLATFORMS[businessType] : undefined}
          />
          <RunningTotal breakdown={breakdown} estimateId="estimate" />
        </div>
        <aside id="estimate" aria-label="Your estimate" className="scroll-mt-24 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
            <h2 className="text-xl font-bold">Your estimate</h2>
            <div className="mt-4">
              <PriceSummary breakdown={breakdown} discountCode={discount?.code} />
            </div>
            <div className="mt-4">
              <DiscountBox applied={discount} onApply={setDiscount} />
            </div>
            <div className="mt-6 grid gap-3">
              <BookingLink className={buttonClass.secondary}>Book My Strategy Call</BookingLink>
              <QuoteCta to="/custom-quote" className={buttonClass.primary}>
                Get Your Quote
              </QuoteCta>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
