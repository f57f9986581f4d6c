import { FOLLOW_UP_PROMISE } from '@agency/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CONTACT_METHODS,
  ContactInquirySchema,
  LEAD_VALUE,
  TRACKING_CURRENCY,
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_LABELS,
  type ContactInquiry,
  type ContactInquiryInput,
} from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import {
  fieldsOf,
  FieldsetFrame,
  showServerErrors,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@agency/contracts/ui';
import { submitClass } from '../../components/booking-link';
import { endpoints, send } from '../../lib/api';

const EMPTY: ContactInquiryInput = {
  businessName: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  industry: '',
  servicesInterested: [],
  comments: '',
  howDidYouHear: '',
  preferredContactMethod: 'email',
};

/** The home page enquiry form (leads-and-quoting §3-5, §8). Checked on submit; editing a field clears its error. */
export function EnquiryForm({ onSuccess }: { onSuccess?: () => void }) {
  const { toast, track } = useHost();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<ContactInquiryInput, unknown, ContactInquiry>({
    resolver: zodResolver(ContactInquirySchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, formState, clearErrors, reset, register, setError } = form;
  const field = fieldsOf(form, { clearOnEdit: true });
  // Check boxes and radio buttons show one error for the group (its frame), not one each.
  const option = (name: 'servicesInterested' | 'preferredContactMethod') =>
    register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(async (data) => {
    setSubmitError(null);
    try {
      await send(endpoints.submitEnquiry, { body: data });
      reset(EMPTY);
      clearErrors();
      track({
        name: 'contact',
        params: {
          form: 'contact-enquiry',
          value: LEAD_VALUE,
          currency: TRACKING_CURRENCY,
          page: window.location.pathname,
        },
      });
      toast({
        title: 'Inquiry Submitted Successfully!',
        description: `Thank you for your inquiry. We'll contact you ${FOLLOW_UP_PROMISE}.`,
      });
      onSuccess?.();
    } catch (error) {
      showServerErrors(setError, error);
      const thrown = error instanceof Error ? error.message : '';
      setSubmitError(thrown || 'Failed to submit inquiry');
      toast({
        variant: 'destructive',
        title: 'Submission Failed',
        description: thrown || 'An error occurred. Please try again.',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Contact enquiry" className="grid gap-4 sm:grid-cols-2">
      <TextField label="Business name" required autoComplete="organization" {...field('businessName')} />
      <TextField label="Your name" required autoComplete="name" {...field('contactName')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('contactEmail')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('contactPhone')} />
      <TextField label="Industry" {...field('industry')} />
      <TextField label="How did you hear about us?" {...field('howDidYouHear')} />
      <FieldsetFrame
        label="Services you're interested in"
        required
        error={formState.errors.servicesInterested?.message}
        className="sm:col-span-2"
      >
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SERVICE_CATEGORIES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-slate-700">
              <input
                type="checkbox"
                value={value}
                className="h-4 w-4 accent-brand-600"
                {...option('servicesInterested')}
              />
              {SERVICE_CATEGORY_LABELS[value]}
            </label>
          ))}
        </div>
      </FieldsetFrame>
      <FieldsetFrame label="Preferred contact method" className="sm:col-span-2">
        <div className="mt-2 flex gap-6">
          {CONTACT_METHODS.map((method) => (
            <label key={method} className="flex items-center gap-2 capitalize text-slate-700">
              <input type="radio" value={method} className="accent-brand-600" {...option('preferredContactMethod')} />
              {method}
            </label>
          ))}
        </div>
      </FieldsetFrame>
      <TextAreaField label="Anything else we should know?" className="sm:col-span-2" {...field('comments')} />
      {submitError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {submitError}
        </p>
      )}
      <div className="sm:col-span-2">
        <SubmitButton pending={formState.isSubmitting} pendingLabel="Submitting..." className={submitClass(true)}>
          Send My Enquiry
        </SubmitButton>
      </div>
    </form>
  );
}
