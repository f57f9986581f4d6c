import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CustomQuoteSchema, FOLLOW_UP_PROMISE } from '@agency/contracts';
import { fieldsOf, showServerErrors, SubmitButton, TextAreaField, TextField } from '@agency/contracts/ui';
import { submitClass } from '../../components/booking-link';

/** The form part of the custom quote payload; quoteDetails and submittedAt are added on submit. */
const QuoteDetailsSchema = CustomQuoteSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  businessName: true,
  additionalRequirements: true,
});
type QuoteDetailsInput = z.input<typeof QuoteDetailsSchema>;
export type QuoteDetails = z.output<typeof QuoteDetailsSchema>;

/**
 * `onSubmit` sends the quote and says how it went; when it throws (a refused or failed call), the details stay as
 * typed for another try, with any field the server named marked.
 */
export function QuoteDetailsForm({ onSubmit }: { onSubmit: (details: QuoteDetails) => Promise<void> }) {
  const form = useForm<QuoteDetailsInput, unknown, QuoteDetails>({
    resolver: zodResolver(QuoteDetailsSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', businessName: '', additionalRequirements: '' },
  });
  const field = fieldsOf(form);
  const submit = form.handleSubmit(async (details) => {
    try {
      await onSubmit(details);
    } catch (error) {
      showServerErrors(form.setError, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Your details" className="grid gap-4 sm:grid-cols-2">
      <TextField label="First Name" required autoComplete="given-name" {...field('firstName')} />
      <TextField label="Last Name" required autoComplete="family-name" {...field('lastName')} />
      <TextField label="Email Address" required type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone Number" type="tel" autoComplete="tel" {...field('phone')} />
      <TextField
        label="Business Name"
        required
        autoComplete="organization"
        className="sm:col-span-2"
        {...field('businessName')}
      />
      <TextAreaField label="Additional Requirements" className="sm:col-span-2" {...field('additionalRequirements')} />
      <p className="text-sm text-slate-600 sm:col-span-2">
        By submitting, you agree that we may contact you about this quote. We follow up {FOLLOW_UP_PROMISE}.
      </p>
      <div className="sm:col-span-2">
        <SubmitButton
          pending={form.formState.isSubmitting}
          pendingLabel="Submitting Quote Request..."
          className={submitClass()}
        >
          Submit Quote Request
        </SubmitButton>
      </div>
    </form>
  );
}
