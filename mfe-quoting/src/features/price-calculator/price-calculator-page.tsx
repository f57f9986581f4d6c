import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
 * calculator and restores the saved quote once mounted. The fresh calculator saves nothing until the read is done,
 * so its state never overwrites the saved quote; then it saves what is on screen. The read runs after hydration and
 * changes no state unless there is a quote to restore (applied in a transition), and it loads the schema that checks
 * a saved quote only when there is one (decision 0070).
 */
export function PriceCalculatorPage() {
  const [start, setStart] = useState<SavedQuote | null>(null);
  // Set once the read found nothing to restore: from then on the fresh calculator saves.
  const readDone = useRef(false);
  const onScreen = useRef<SavedQuote | null>(null);
  useEffect(() => {
    let mounted = true;
    void readStartingQuote(window.localStorage).then((quote) => {
      if (!mounted) return;
      if (quote) {
        startTransition(() => setStart(quote));
        return;
      }
      readDone.current = true;
      if (onScreen.current) writeSavedQuote(window.localStorage, onScreen.current);
    });
    return () => {
      mounted = false;
    };
  }, []);
  const save = useCallback(
    (quote: SavedQuote) => {
      onScreen.current = quote;
      // A restored calculator shows the saved quote, so it may save from its first render on.
      if (start || readDone.current) writeSavedQuote(window.localStorage, quote);
    },
    [start],
  );
  return <Calculator key={start ? 'restored' : 'fresh'} start={start} save={save} />;
}

function Calculator({ start, save }: { start: SavedQuote | null; save: (quote: SavedQuote) => void }) {
  const [businessType, setBusinessType] = useState<CalculatorBusinessType | ''>(start?.businessType ?? '');
  const [discount, setDiscount] = useState<AppliedDiscount | null>(
    start?.appliedDiscount ? { code: start.appliedDiscount.code, percentage: start.appliedDiscount.percentage } : null,
  );
  const { options, update, toggle } = useQuoteOptions(start ? savedQuoteOptions(start) : {});
  const breakdown = useMemo(() => pricedOrZero(options, discount?.percentage ?? 0), [options, discount]);

  // The saved quote follows every change, so /custom-quote always shows what is on screen.
  useEffect(() => {
    save(toSavedQuote(businessType, options, breakdown, discount));
  }, [save, businessType, options, breakdown, discount]);

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
