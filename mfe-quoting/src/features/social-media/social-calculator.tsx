import { RunningTotal } from '../../components/quote-builder/running-total';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { FOLLOW_UP_PROMISE, formatNzd, SocialQuoteSchema } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, SubmitButton, TextAreaField, TextField } from '@agency/contracts/ui';
import { submitClass } from '../../components/booking-link';
import { SocialPicker } from '../../components/quote-builder/marketing-pickers';
import { useQuoteOptions } from '../../components/quote-builder/use-quote-options';
import { endpoints, send as sendQuote, tooManyRequestsMessage } from '../../lib/api';
import { quoteLeadEvent } from '../../lib/lead-events';
import { splitName } from './social-quote';

/**
 * The visitor's part of the social quote: one name, split into first and last on the way (`splitName`). The business
 * name is asked for and optional; none is ever made up from the person's name (a lead's business is what they said).
 */
const ContactSchema = z.object({
  name: SocialQuoteSchema.shape.firstName,
  email: SocialQuoteSchema.shape.email,
  phone: SocialQuoteSchema.shape.phone,
  businessName: SocialQuoteSchema.shape.businessName,
  additionalRequirements: SocialQuoteSchema.shape.additionalRequirements,
});
type ContactInput = z.input<typeof ContactSchema>;
type Contact = z.output<typeof ContactSchema>;
const EMPTY: ContactInput = { name: '', email: '', phone: '', businessName: '', additionalRequirements: '' };

export function SocialCalculator() {
  const { toast, track } = useHost();
  // Every post type starts at None on one platform (leads-and-quoting §4): nothing is priced until chosen.
  const { options, breakdown, update } = useQuoteOptions();
  const nothingSelected = breakdown.totalOneTime === 0 && breakdown.totalMonthly === 0;
  const form = useForm<ContactInput, unknown, Contact>({ resolver: zodResolver(ContactSchema), defaultValues: EMPTY });
  const field = fieldsOf(form);

  const missing = (errors: FieldErrors<ContactInput>) => {
    const first = errors.name ?? errors.email;
    if (first) toast({ variant: 'destructive', title: 'Missing Information', description: first.message });
  };

  const send = async ({ name, ...contact }: Contact) => {
    try {
      const body = {
        ...splitName(name),
        ...contact,
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
      await sendQuote(endpoints.submitQuote, { body });
      form.reset(EMPTY);
      track(quoteLeadEvent('social-quote', { monthly: breakdown.totalMonthly, setup: breakdown.totalOneTime }));
      toast({
        title: 'Quote Submitted Successfully!',
        description: `We'll contact you ${FOLLOW_UP_PROMISE}, to discuss your social media needs.`,
      });
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({
        variant: 'destructive',
        title: 'Submission Error',
        description: tooManyRequestsMessage(error) ?? 'There was an error submitting your quote. Please try again.',
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!nothingSelected) return form.handleSubmit(send, missing)(event);
    // A quote for nothing would reach the inbox as a lead with no figures; ask for a choice first.
    event.preventDefault();
    toast({
      variant: 'destructive',
      title: 'Select Services First',
      description: 'Choose at least one type of post to get a quote.',
    });
  };

  return (
    <section
      id="calculator"
      aria-labelledby="social-calc-heading"
      className="mx-auto max-w-7xl scroll-mt-32 px-4 py-16"
    >
      <h2 id="social-calc-heading" className="text-3xl font-bold">
        Work out your monthly price
      </h2>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div>
          <SocialPicker options={options} update={update} />
          <RunningTotal breakdown={breakdown} estimateId="social-quote" />
        </div>
        <aside id="social-quote" aria-label="Your social media quote" className="scroll-mt-32 space-y-6">
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
            noValidate
            aria-label="Social media quote request"
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-lg"
          >
            <h3 className="text-lg font-bold">Get this quote</h3>
            <TextField label="Your name" required autoComplete="name" {...field('name')} />
            <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
            <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
            <TextField label="Business name" autoComplete="organization" {...field('businessName')} />
            <TextAreaField label="Anything else?" {...field('additionalRequirements')} />
            <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Submitting..." className={submitClass()}>
              Send My Quote
            </SubmitButton>
          </form>
        </aside>
      </div>
    </section>
  );
}
