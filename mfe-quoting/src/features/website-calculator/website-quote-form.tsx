import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import {
  formatNzd,
  WEBSITE_PACKAGES,
  WebsiteQuoteRequestSchema,
  type QuoteBreakdown,
  type QuoteOptions,
} from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, SubmitButton, TextField } from '@agency/contracts/ui';
import { submitClass } from '../../components/booking-link';
import { call, endpoints, tooManyRequestsMessage } from '../../lib/api';
import { quoteLeadEvent } from '../../lib/lead-events';

/** The visitor's part of the website quote payload; the options and their price are added on submit. */
const ContactSchema = z.object({
  name: WebsiteQuoteRequestSchema.shape.name,
  email: WebsiteQuoteRequestSchema.shape.email,
  phone: WebsiteQuoteRequestSchema.shape.phone,
});
type ContactInput = z.input<typeof ContactSchema>;
type Contact = z.output<typeof ContactSchema>;

function priceText(b: QuoteBreakdown): string {
  return `Your quote: ${formatNzd(b.totalWithGst)} one-time and ${formatNzd(b.monthlyTotalWithGst)} per month, incl. GST (${formatNzd(b.totalOneTime)} + ${formatNzd(b.totalMonthly)}/month excl. GST).`;
}

/** The fields the quote needs (leads-and-quoting §8), in this order, each with its own toast in the schema's words. */
const REQUIRED = [
  { field: 'email', title: 'Email Required' },
  { field: 'phone', title: 'Phone Number Required' },
] as const;

/** What the last send came to: the quote e-mailed (or kept by the server's daily cap), or not sent at all. */
type Outcome = { sent: true; price: string } | { sent: false; price: string; why: string };

const NOT_SENT =
  "We couldn't send your quote: the connection or our server failed. Your price is below; try again, or contact us directly.";

/**
 * Website calculator quote form (leads-and-quoting §4, §5, §8): the price text shows after every outcome, and a send
 * that failed says so (never a success-looking box) with a way to try again that keeps what was typed.
 */
export function WebsiteQuoteForm({ options, breakdown }: { options: QuoteOptions; breakdown: QuoteBreakdown }) {
  const { toast, track } = useHost();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm<ContactInput, unknown, Contact>({
    resolver: zodResolver(ContactSchema),
    defaultValues: { name: '', email: '', phone: '' },
  });
  const field = fieldsOf(form);

  const missing = (errors: FieldErrors<ContactInput>) => {
    const first = REQUIRED.find(({ field }) => errors[field]);
    if (first) toast({ variant: 'destructive', title: first.title, description: errors[first.field]?.message });
  };

  const notSent = (why: string) => {
    toast({ variant: 'destructive', title: 'Quote Not Sent', description: why });
    setOutcome({ sent: false, price: priceText(breakdown), why });
  };

  const send = async (contact: Contact) => {
    const { discountPercentage: _d, ...pricing } = breakdown;
    try {
      const res = await call(endpoints.websiteQuote, {
        body: {
          ...contact,
          websitePackageName:
            options.websitePackage === 'none' ? undefined : WEBSITE_PACKAGES[options.websitePackage].name,
          ...options,
          pricing,
        },
      });
      if (!res.success) return notSent(res.message || NOT_SENT);
      track(quoteLeadEvent('website-quote', { monthly: breakdown.totalMonthly, setup: breakdown.totalOneTime }));
      // The server says whether the quote went to the visitor's inbox (a day's few copies per address).
      toast({ title: 'Quote Generated Successfully!', description: res.message });
      setOutcome({ sent: true, price: priceText(breakdown) });
    } catch (error) {
      showServerErrors(form.setError, error);
      notSent(tooManyRequestsMessage(error) ?? NOT_SENT);
    }
  };
  const submit = form.handleSubmit(send, missing);

  return (
    <form onSubmit={submit} noValidate aria-label="Get this quote by email" className="space-y-3">
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" required type="tel" autoComplete="tel" {...field('phone')} />
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending Quote..." className={submitClass()}>
        Email Me This Quote
      </SubmitButton>
      {outcome?.sent && (
        <p
          role="status"
          data-testid="quote-price-text"
          className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {outcome.price}
        </p>
      )}
      {outcome && !outcome.sent && (
        <div
          role="alert"
          data-testid="quote-not-sent"
          className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">Your quote was not sent.</p>
          <p>{outcome.why}</p>
          <p data-testid="quote-price-text" className="text-slate-800">
            {outcome.price}
          </p>
          <button
            type="button"
            onClick={() => void submit()}
            disabled={form.formState.isSubmitting}
            className="rounded-lg border border-red-700 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-100 disabled:opacity-60"
          >
            {form.formState.isSubmitting ? 'Sending Quote...' : 'Try sending again'}
          </button>
        </div>
      )}
    </form>
  );
}
