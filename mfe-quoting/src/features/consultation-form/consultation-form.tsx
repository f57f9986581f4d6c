import { FOLLOW_UP_PROMISE } from '@agency/contracts';
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
import { useHost } from '@agency/contracts/client';
import {
  fieldsOf,
  Options,
  SelectField,
  showServerErrors,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@agency/contracts/ui';
import { submitClass } from '../../components/booking-link';
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
  const { handleSubmit, formState, reset, setError } = form;
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
        description: `We'll contact you ${FOLLOW_UP_PROMISE}, to schedule your free consultation.`,
      });
    } catch (error) {
      // Failure keeps the input so the visitor can try again.
      showServerErrors(setError, error);
      toast({
        variant: 'destructive',
        title: 'Submission Failed',
        description: tooManyRequestsMessage(error) ?? `Please try again or call us directly at ${config.supportPhone}.`,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Free consultation request" className="grid gap-4 sm:grid-cols-2">
      <TextField label="Business name" required autoComplete="organization" {...field('businessName')} />
      <TextField label="Your name" required autoComplete="name" {...field('contactName')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone" required type="tel" autoComplete="tel" {...field('phone')} />
      <SelectField label="Business type" {...field('businessType')}>
        <Options values={CONSULTATION_BUSINESS_TYPES} labels={BUSINESS_TYPE_LABELS} prompt="Choose one" />
      </SelectField>
      <SelectField label="Timeline" {...field('timeline')}>
        <Options values={CONSULTATION_TIMELINES} labels={TIMELINE_LABELS} prompt="Choose one" />
      </SelectField>
      <TextAreaField
        label="Your biggest challenge right now"
        required
        className="sm:col-span-2"
        {...field('currentChallenge')}
      />
      <TextAreaField label="What would success look like?" className="sm:col-span-2" {...field('goals')} />
      <div className="sm:col-span-2">
        <SubmitButton pending={formState.isSubmitting} pendingLabel="Submitting..." className={submitClass(true)}>
          Book My Free Consultation
        </SubmitButton>
      </div>
    </form>
  );
}
