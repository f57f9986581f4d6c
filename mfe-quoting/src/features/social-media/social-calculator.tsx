import { useState, type FormEvent } from 'react';
import { formatNzd } from '@agency/contracts';
import { SubmitButton, TextAreaField, TextField } from '../../components/form-field';
import { SocialPicker } from '../../components/quote-builder/pickers';
import { useQuoteOptions } from '../../components/quote-builder/use-quote-options';
import { useHost } from '@agency/contracts/client';
import { endpoints, send, tooManyRequestsMessage } from '../../lib/api';
import { quoteLeadEvent } from '../../lib/lead-events';
import { derivedBusinessName, splitName } from './social-quote';

export function SocialCalculator() {
  const { toast, track } = useHost();
  // Every post type starts at None on one platform (leads-and-quoting §4): nothing is priced until chosen.
  const { options, breakdown, update } = useQuoteOptions();
  const [submitting, setSubmitting] = useState(false);
  const nothingSelected = breakdown.totalOneTime === 0 && breakdown.totalMonthly === 0;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    if (nothingSelected) {
      // A quote for nothing would reach the inbox as a lead with no figures; ask for a choice first.
      toast({
        variant: 'destructive',
        title: 'Select Services First',
        description: 'Choose at least one type of post to get a quote.',
      });
      return;
    }
    if (!name || !email) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in your name and email address.',
      });
      return;
    }
    setSubmitting(true);
    try {
      const body = {
        ...splitName(name),
        email,
        phone: String(form.get('phone') ?? ''),
        businessName: derivedBusinessName(name),
        additionalRequirements: String(form.get('additionalRequirements') ?? ''),
        quoteDetails: {
          businessType: 'social-media-management',
          services: {
            staticPosts: options.staticPostsPerWeek,
            carouselPosts: options.carouselPostsPerWeek,
            videoPosts: options.videoPostsPerWeek,
            platforms: options.socialMediaPlatforms,
            optimization: options.socialMediaPageOptimizationCount,
          },
          calculation: {
            total: breakdown.totalOneTime,
            monthlyTotal: breakdown.totalMonthly,
            totalWithGst: breakdown.totalWithGst,
            monthlyTotalWithGst: breakdown.monthlyTotalWithGst,
            finalTotal: breakdown.finalTotal,
            finalMonthly: breakdown.finalMonthly,
          },
        },
      };
      await send(endpoints.submitQuote, { body });
      formEl.reset();
      track(quoteLeadEvent('social-quote', { monthly: breakdown.totalMonthly, setup: breakdown.totalOneTime }));
      toast({
        title: 'Quote Submitted Successfully!',
        description: "We'll contact you within 24 hours to discuss your social media needs.",
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: tooManyRequestsMessage(error) ?? 'There was an error submitting your quote. Please try again.',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section
      id="calculator"
      aria-labelledby="social-calc-heading"
      className="mx-auto max-w-7xl scroll-mt-32 px-4 py-16"
    >
      <h2 id="social-calc-heading" className="text-3xl font-bold">
        Work out your monthly price
      </h2>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px]">
        <SocialPicker options={options} update={update} />
        <aside aria-label="Your social media quote" className="space-y-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg" aria-live="polite">
            <h3 className="text-xl font-bold">Summary</h3>
            {nothingSelected ? (
              <p className="mt-3 text-slate-600">Select services to see pricing</p>
            ) : (
              <dl className="mt-3 space-y-2">
                <div className="flex justify-between font-semibold">
                  <dt>Monthly (incl. GST)</dt>
                  <dd data-testid="social-monthly">{formatNzd(breakdown.monthlyTotalWithGst)}</dd>
                </div>
                <div className="flex justify-between text-sm text-slate-600">
                  <dt>Monthly (excl. GST)</dt>
                  <dd>{formatNzd(breakdown.totalMonthly)}</dd>
                </div>
                <div className="flex justify-between font-semibold">
                  <dt>One-time setup (incl. GST)</dt>
                  <dd data-testid="social-one-time">{formatNzd(breakdown.totalWithGst)}</dd>
                </div>
              </dl>
            )}
          </div>
          <form
            onSubmit={submit}
            aria-label="Social media quote request"
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-lg"
          >
            <h3 className="text-lg font-bold">Get this quote</h3>
            <TextField label="Your name *" name="name" autoComplete="name" />
            <TextField label="Email *" name="email" type="email" autoComplete="email" />
            <TextField label="Phone" name="phone" type="tel" autoComplete="tel" />
            <TextAreaField label="Anything else?" name="additionalRequirements" />
            <SubmitButton pending={submitting} pendingLabel="Submitting...">
              Send My Quote
            </SubmitButton>
          </form>
        </aside>
      </div>
    </section>
  );
}
