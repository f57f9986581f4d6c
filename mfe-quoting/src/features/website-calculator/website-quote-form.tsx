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

/** Website calculator quote form (leads-and-quoting §4, §5, §8): the price text shows after every outcome. */
export function WebsiteQuoteForm({ options, breakdown }: { options: QuoteOptions; breakdown: QuoteBreakdown }) {
  const { toast, track } = useHost();
  const [shownPrice, setShownPrice] = useState<string | null>(null);
  const form = useForm<ContactInput, unknown, Contact>({
    resolver: zodResolver(ContactSchema),
    defaultValues: { name: '', email: '', phone: '' },
  });
  const field = fieldsOf(form);

  const missing = (errors: FieldErrors<ContactInput>) => {
    const first = REQUIRED.find(({ field }) => errors[field]);
    if (first) toast({ variant: 'destructive', title: first.title, description: errors[first.field]?.message });
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
      if (res.success) {
        track(quoteLeadEvent('website-quote', { monthly: breakdown.totalMonthly, setup: breakdown.totalOneTime }));
        // The server says whether the quote went to the visitor's inbox (a day's few copies per address).
        toast({ title: 'Quote Generated Successfully!', description: res.message });
      } else {
        toast({
          title: 'Quote Generated',
          description: res.message || "Your quote is ready below. We'll follow up to discuss your project.",
        });
      }
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({
        variant: 'destructive',
        title: 'Quote Generated',
        description:
          tooManyRequestsMessage(error) ??
          "Your quote is ready below. If you'd like us to follow up, please try submitting again or contact us directly.",
      });
    } finally {
      setShownPrice(priceText(breakdown));
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(send, missing)}
      noValidate
      aria-label="Get this quote by email"
      className="space-y-3"
    >
      <TextField label="Name" autoComplete="name" {...field('name')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" required type="tel" autoComplete="tel" {...field('phone')} />
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending Quote..." className={submitClass()}>
        Email Me This Quote
      </SubmitButton>
      {shownPrice && (
        <p
          role="status"
          data-testid="quote-price-text"
          className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {shownPrice}
        </p>
      )}
    </form>
  );
}
