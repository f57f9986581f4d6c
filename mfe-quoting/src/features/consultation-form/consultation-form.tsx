import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  LEAD_VALUE,
  TRACKING_CURRENCY,
  CONSULTATION_BUSINESS_TYPES,
  CONSULTATION_TIMELINES,
  ConsultationRequestSchema,
  type ConsultationRequest,
  type ConsultationRequestInput,
} from '@agency/contracts';
import { Choices, fieldsOf, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form-field';
import { useHost } from '@agency/contracts/client';
import { endpoints, send, tooManyRequestsMessage } from '../../lib/api';

const BUSINESS_TYPE_LABELS: Record<(typeof CONSULTATION_BUSINESS_TYPES)[number], string> = {
  'professional-services': 'Professional services',
  tradies: 'Tradie / trade business',
  'b2b-services': 'B2B services',
  'b2c-services': 'B2C services',
  retail: 'Retail',
  hospitality: 'Hospitality',
  other: 'Other',
};
const TIMELINE_LABELS: Record<(typeof CONSULTATION_TIMELINES)[number], string> = {
  asap: 'As soon as possible',
  '1-month': 'Within a month',
  '2-3-months': 'In 2-3 months',
  planning: 'Just planning',
};

const EMPTY: ConsultationRequestInput = {
  businessName: '',
  contactName: '',
  email: '',
  phone: '',
  businessType: undefined,
  currentChallenge: '',
  goals: '',
  timeline: undefined,
};

export interface ConsultationFormProps {
  /** Slug of the service page the form sits on, e.g. 'google-ads'. */
  service?: string;
  /** Human name of that service. */
  serviceRequested?: string;
}

/** The shared free-consultation form of the service pages (leads-and-quoting §3-5, §8). */
export function ConsultationForm({ service, serviceRequested }: ConsultationFormProps) {
  const { toast, config, track } = useHost();
  const form = useForm<ConsultationRequestInput, unknown, ConsultationRequest>({
    resolver: zodResolver(ConsultationRequestSchema),
    defaultValues: EMPTY,
  });
  const { handleSubmit, formState, reset } = form;
  const field = fieldsOf(form);

  const submit = handleSubmit(async (data) => {
    try {
      await send(endpoints.submitConsultation, {
        body: { ...data, service, serviceRequested, submittedAt: new Date().toISOString() },
      });
      reset(EMPTY);
      track({
        name: 'schedule',
        params: {
          form: 'consultation',
          service,
          value: LEAD_VALUE,
          currency: TRACKING_CURRENCY,
          page: window.location.pathname,
        },
      });
      toast({
        title: 'Consultation Request Submitted!',
        description: "We'll contact you within 24 hours to schedule your free consultation.",
      });
    } catch (error) {
      // Failure keeps the input so the visitor can try again.
      toast({
        variant: 'destructive',
        title: 'Submission Failed',
        description: tooManyRequestsMessage(error) ?? `Please try again or call us directly at ${config.supportPhone}.`,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Free consultation request" className="grid gap-4 sm:grid-cols-2">
      <TextField label="Business name *" autoComplete="organization" {...field('businessName')} />
      <TextField label="Your name *" autoComplete="name" {...field('contactName')} />
      <TextField label="Email *" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone *" type="tel" autoComplete="tel" {...field('phone')} />
      <SelectField label="Business type" {...field('businessType')}>
        <Choices values={CONSULTATION_BUSINESS_TYPES} labels={BUSINESS_TYPE_LABELS} />
      </SelectField>
      <SelectField label="Timeline" {...field('timeline')}>
        <Choices values={CONSULTATION_TIMELINES} labels={TIMELINE_LABELS} />
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField label="Your biggest challenge right now *" {...field('currentChallenge')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="What would success look like?" {...field('goals')} />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton pending={formState.isSubmitting} pendingLabel="Submitting..." fit>
          Book My Free Consultation
        </SubmitButton>
      </div>
    </form>
  );
}
