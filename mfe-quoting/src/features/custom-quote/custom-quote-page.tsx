import { useEffect } from 'react';
import { useNavigate } from '@agency/contracts/router';
import {
  FOLLOW_UP_PROMISE,
  newEventId,
  QUOTE_STORAGE_KEY,
  REDIRECT_AFTER_CUSTOM_QUOTE_MS,
  TRACKING_CURRENCY,
} from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { endpoints, send, tooManyRequestsMessage } from '../../lib/api';
import { trackConversion } from '../../lib/conversions';
import { quoteLeadEvent } from '../../lib/lead-events';
import { QuoteDetailsForm, type QuoteDetails } from './quote-details-form';
import { QuoteStatePanel } from './quote-state-panel';
import { QuoteSummary } from './quote-summary';
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

  const ready = state.status === 'ready' ? state : null;
  // Analytics count the monthly total excl. GST, as every quote's lead does (lib/lead-events.ts).
  const c = ready?.quote.calculation;
  const analytics = { monthly: c?.monthlyTotal ?? 0, setup: c?.oneTimeTotal ?? 0 };

  async function submit(details: QuoteDetails) {
    if (!ready) return;
    try {
      const body = { ...details, quoteDetails: ready.raw, submittedAt: new Date().toISOString() };
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
      description: `We'll contact you ${FOLLOW_UP_PROMISE}, with a detailed quote and consultation.`,
    });
    // One id for the conversion: the pixel's Lead and the server's event carry it, so it is counted once.
    const eventId = newEventId();
    track({ ...quoteLeadEvent('custom-quote', analytics), eventId });
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
      eventId,
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
      {/* One grid cell holds the summary and the form (the page as a visitor with a quote sees it, which the server
          renders while the browser's saved quote is read) and, over them, the loading, empty or error state: whichever
          it turns out to be, nothing below moves (decision 0072: the page swapped a loading line for its content). */}
      <div className="mt-10 grid">
        <div
          className={`col-start-1 row-start-1 grid gap-8 lg:grid-cols-[1fr_1.2fr] ${ready ? '' : 'invisible'}`}
          aria-hidden={ready ? undefined : true}
        >
          <QuoteSummary quote={ready?.quote ?? null} />
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
        {state.status === 'loading' && (
          <p role="status" className="col-start-1 row-start-1 self-start py-24 text-center text-slate-600">
            Loading your quote...
          </p>
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
