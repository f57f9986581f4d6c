import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CustomQuoteSchema } from '@agency/contracts';
import { buttonClass } from '../../components/booking-link';
import { TextAreaField, TextField } from '../../components/form-field';

/** The form part of the custom quote payload; quoteDetails and submittedAt are added on submit. */
export const QuoteDetailsSchema = CustomQuoteSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  businessName: true,
  additionalRequirements: true,
});
export type QuoteDetailsInput = z.input<typeof QuoteDetailsSchema>;
export type QuoteDetails = z.output<typeof QuoteDetailsSchema>;

export function QuoteDetailsForm({ onSubmit }: { onSubmit: (details: QuoteDetails) => Promise<void> }) {
  const { register, handleSubmit, formState } = useForm<QuoteDetailsInput, unknown, QuoteDetails>({
    resolver: zodResolver(QuoteDetailsSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', businessName: '', additionalRequirements: '' },
  });
  const errors = formState.errors;
  return (
    <form onSubmit={handleSubmit(onSubmit)} aria-label="Your details" className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First Name *"
        required
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last Name *"
        required
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label="Email Address *"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="sm:col-span-2">
        <TextField
          label="Business Name *"
          required
          autoComplete="organization"
          error={errors.businessName?.message}
          {...register('businessName')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Additional Requirements"
          error={errors.additionalRequirements?.message}
          {...register('additionalRequirements')}
        />
      </div>
      <p className="text-sm text-slate-600 sm:col-span-2">
        By submitting, you agree that we may contact you about this quote. We follow up within 24 hours.
      </p>
      <div className="sm:col-span-2">
        <button type="submit" disabled={formState.isSubmitting} className={`${buttonClass.primary} w-full`}>
          {formState.isSubmitting ? 'Submitting Quote Request...' : 'Submit Quote Request'}
        </button>
      </div>
    </form>
  );
}
