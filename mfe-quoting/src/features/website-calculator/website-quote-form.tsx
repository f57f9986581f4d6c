import { useState, type FormEvent } from 'react';
import { formatNzd, WEBSITE_PACKAGES, type QuoteBreakdown, type QuoteOptions } from '@agency/contracts';
import { SubmitButton, TextField } from '../../components/form-field';
import { useHost } from '@agency/contracts/client';
import { call, endpoints, tooManyRequestsMessage } from '../../lib/api';
import { quoteLeadEvent } from '../../lib/lead-events';

function priceText(b: QuoteBreakdown): string {
  return `Your quote: ${formatNzd(b.totalWithGst)} one-time and ${formatNzd(b.monthlyTotalWithGst)} per month, incl. GST (${formatNzd(b.totalOneTime)} + ${formatNzd(b.totalMonthly)}/month excl. GST).`;
}

/** The fields the quote needs (leads-and-quoting §8), checked in this order, each with its own toast. */
const REQUIRED = [
  { field: 'email', title: 'Email Required', description: 'Please enter your email address to receive the quote.' },
  {
    field: 'phone',
    title: 'Phone Number Required',
    description: 'Please enter your phone number so we can contact you about your quote.',
  },
] as const;

/** Website calculator quote form (leads-and-quoting §4, §5, §8): the price text shows after every outcome. */
export function WebsiteQuoteForm({ options, breakdown }: { options: QuoteOptions; breakdown: QuoteBreakdown }) {
  const { toast, track } = useHost();
  const [sending, setSending] = useState(false);
  const [shownPrice, setShownPrice] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const missing = REQUIRED.find(({ field }) => !text(field));
    if (missing) {
      toast({ variant: 'destructive', title: missing.title, description: missing.description });
      return;
    }
    setSending(true);
    const { discountPercentage: _d, ...pricing } = breakdown;
    try {
      const res = await call(endpoints.websiteQuote, {
        body: {
          name: text('name') || undefined,
          email: text('email'),
          phone: text('phone'),
          websitePackageName:
            options.websitePackage === 'none' ? undefined : WEBSITE_PACKAGES[options.websitePackage].name,
          ...options,
          pricing,
        },
      });
      if (res.success) {
        track(quoteLeadEvent('website-quote', { monthly: breakdown.totalMonthly, setup: breakdown.totalOneTime }));
        toast({
          title: 'Quote Generated Successfully!',
          description: "Your quote details are shown below. We'll follow up via email to discuss your project.",
        });
      } else {
        toast({
          title: 'Quote Generated',
          description: res.message || "Your quote is ready below. We'll follow up to discuss your project.",
        });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Quote Generated',
        description:
          tooManyRequestsMessage(error) ??
          "Your quote is ready below. If you'd like us to follow up, please try submitting again or contact us directly.",
      });
    } finally {
      setShownPrice(priceText(breakdown));
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Get this quote by email" className="space-y-3">
      <TextField label="Name" name="name" autoComplete="name" />
      <TextField label="Email *" name="email" type="email" required autoComplete="email" />
      <TextField label="Phone *" name="phone" type="tel" required autoComplete="tel" />
      <SubmitButton pending={sending} pendingLabel="Sending Quote...">
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
