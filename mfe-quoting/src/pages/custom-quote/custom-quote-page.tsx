import { useEffect } from 'react';
import { formatNzd, GST_RATE_PERCENT, type RemotePageProps } from '@agency/contracts';
import { HostProvider } from '../../host-context';
import { QuoteStatePanel } from './quote-state-panel';
import { useSavedQuote } from './use-saved-quote';
import '../../styles.css';

export default function CustomQuotePage({ host }: RemotePageProps) {
  const state = useSavedQuote();

  useEffect(() => {
    if (state.status === 'error') {
      host.toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to load quote data. Please try generating a new quote.',
      });
    }
  }, [state.status, host]);

  return (
    <HostProvider host={host}>
      {state.status === 'loading' && (
        <p role="status" className="py-24 text-center text-slate-600">Loading your quote...</p>
      )}
      {state.status === 'error' && (
        <QuoteStatePanel
          title="Error Loading Quote"
          message="There was an error loading your quote data. Please try generating a new quote."
          buttonText="Go to Price Calculator"
        />
      )}
      {state.status === 'empty' && (
        <QuoteStatePanel
          title="No Quote Data Found"
          message="Please use the price calculator to generate a quote first."
          buttonText="Go to Price Calculator"
        />
      )}
      {state.status === 'ready' && (
        <section className="mx-auto max-w-3xl px-4 py-16">
          <h1 className="text-3xl font-bold">Your Quote Summary</h1>
          <dl className="mt-8 grid gap-4 sm:grid-cols-2">
            <div className="rounded-xl border border-slate-200 p-6">
              <dt className="text-sm text-slate-600">One-time total (inc. GST)</dt>
              <dd className="mt-1 text-2xl font-bold">{formatNzd(state.quote.calculation.oneTimeTotal * (1 + GST_RATE_PERCENT / 100))}</dd>
            </div>
            <div className="rounded-xl border border-slate-200 p-6">
              <dt className="text-sm text-slate-600">Monthly (inc. GST)</dt>
              <dd className="mt-1 text-2xl font-bold">
                {formatNzd(state.quote.calculation.finalMonthly ?? state.quote.calculation.monthlyTotalWithGst)}
              </dd>
            </div>
          </dl>
        </section>
      )}
    </HostProvider>
  );
}
