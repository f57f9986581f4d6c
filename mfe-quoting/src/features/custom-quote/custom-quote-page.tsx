import { useEffect } from 'react';
import { useNavigate } from '@agency/contracts/router';
import {
  TRACKING_CURRENCY,
  formatNzd,
  QUOTE_STORAGE_KEY,
  REDIRECT_AFTER_CUSTOM_QUOTE_MS,
  describeSelection,
  savedQuoteOptions,
} from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { endpoints, send, tooManyRequestsMessage } from '../../lib/api';
import { trackConversion } from '../../lib/conversions';
import { quoteLeadEvent } from '../../lib/lead-events';
import { QuoteDetailsForm, type QuoteDetails } from './quote-details-form';
import { QuoteStatePanel } from './quote-state-panel';
import { useSavedQuote } from './use-saved-quote';

const NEXT_STEPS = [
  'We review your requirements',
  'We schedule a consultation call',
  'You receive a detailed proposal',
];

export function CustomQuotePage() {
  const { toast, track } = useHost();
  const navigate = useNavigate();
  const state = useSavedQuote();

  useEffect(() => {
    if (state.status === 'error') {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to load quote data. Please try generating a new quote.',
      });
    }
  }, [state.status, toast]);

  if (state.status === 'loading')
    return (
      <p role="status" className="py-24 text-center text-slate-600">
        Loading your quote...
      </p>
    );
  if (state.status === 'error') {
    return (
      <QuoteStatePanel
        title="Error Loading Quote"
        message="There was an error loading your quote data. Please try generating a new quote."
        buttonText="Go to Price Calculator"
      />
    );
  }
  if (state.status === 'empty') {
    return (
      <QuoteStatePanel
        title="No Quote Data Found"
        message="Please use the price calculator to generate a quote first."
        buttonText="Go to Price Calculator"
      />
    );
  }

  const { quote, raw } = state;
  const c = quote.calculation;
  const monthly = c.finalMonthly ?? c.monthlyTotalWithGst;
  // Analytics count the monthly total excl. GST, as every quote's lead does (lib/lead-events.ts).
  const analytics = { monthly: c.monthlyTotal, setup: c.oneTimeTotal };
  const items = describeSelection(savedQuoteOptions(quote));

  async function submit(details: QuoteDetails) {
    try {
      const body = { ...details, quoteDetails: raw, submittedAt: new Date().toISOString() };
      await send(endpoints.submitQuote, { body });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description:
          tooManyRequestsMessage(error) ?? 'Failed to submit quote request. Please try again or contact us directly.',
      });
      throw error;
    }
    window.localStorage.removeItem(QUOTE_STORAGE_KEY);
    toast({
      title: 'Quote Request Submitted',
      description: "We'll contact you within 24 hours with a detailed quote and consultation.",
    });
    track(quoteLeadEvent('custom-quote', analytics));
    track({
      name: 'conversion',
      params: {
        event: 'quote',
        content_name: 'Custom Quote Request',
        content_category: 'Quote Submission',
        value: analytics.monthly,
        currency: TRACKING_CURRENCY,
        setup_cost: analytics.setup,
        monthly_cost: analytics.monthly,
        business_name: details.businessName,
      },
    });
    void trackConversion({
      eventType: 'lead',
      userData: { email: details.email, firstName: details.firstName, phone: details.phone },
      customData: {
        contentName: 'Custom Quote Request',
        leadSource: 'custom-quote',
        value: analytics.monthly,
        formType: 'quote',
      },
    });
    setTimeout(() => navigate('/'), REDIRECT_AFTER_CUSTOM_QUOTE_MS);
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight">Request Your Custom Quote</h1>
      <p className="mt-3 text-lg text-slate-700">
        Check your selection, add your details, and we'll send a detailed proposal.
      </p>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.2fr]">
        <section
          aria-labelledby="summary-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="summary-heading" className="text-xl font-bold">
            Quote summary
          </h2>
          {items.length > 0 && (
            <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          <dl className="mt-6 space-y-3">
            <div className="flex justify-between font-semibold">
              <dt>One-time total (inc. GST)</dt>
              <dd data-testid="custom-one-time">{formatNzd(c.totalWithGst)}</dd>
            </div>
            {quote.appliedDiscount && c.finalTotal !== undefined && (
              <div className="flex justify-between text-green-800">
                <dt>
                  After {quote.appliedDiscount.code} ({quote.appliedDiscount.percentage}% off)
                </dt>
                <dd data-testid="custom-one-time-final">{formatNzd(c.finalTotal)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>Monthly (inc. GST)</dt>
              <dd data-testid="custom-monthly">{formatNzd(monthly)}</dd>
            </div>
          </dl>
        </section>
        <section
          aria-labelledby="details-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="details-heading" className="text-xl font-bold">
            Your details
          </h2>
          <div className="mt-4">
            <QuoteDetailsForm onSubmit={submit} />
          </div>
        </section>
      </div>
      <section aria-labelledby="next-heading" className="mt-10 rounded-2xl bg-slate-900 p-8 text-white">
        <h2 id="next-heading" className="text-xl font-bold">
          What happens next?
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {NEXT_STEPS.map((step, i) => (
            <li key={step} className="flex items-center gap-3">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 font-bold">
                {i + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
