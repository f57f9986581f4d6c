import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@agency/contracts/router';
import { OptInSchema, type OptIn, type OptInInput } from '@agency/contracts';
import { isHttpError, useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, SubmitButton, TextField } from '@agency/contracts/ui';
import { submitClass } from '../../components/booking-link';
import { endpoints, send } from '../../lib/api';

const THANK_YOU_PATH = '/real-talk-thank-you';

/**
 * The free-audio sign-up (leads-and-quoting §4-5). Success goes straight to the thank-you page; a failure
 * keeps the visitor here with a visible message (decisions: the spec's silent failure is not kept).
 */
export function OptInForm({ id }: { id: string }) {
  const { track } = useHost();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OptInInput, unknown, OptIn>({
    resolver: zodResolver(OptInSchema),
    defaultValues: { firstName: '', email: '' },
  });
  const { handleSubmit, formState, setError } = form;
  const field = fieldsOf(form);

  const submit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      await send(endpoints.optIn, { body: data });
    } catch (error) {
      showServerErrors(setError, error);
      track({
        name: 'form_error',
        params: { form: 'real-talk-opt-in', status: isHttpError(error) ? error.status : 0 },
      });
      setFailure(
        isHttpError(error) && error.status < 500 && error.serverMessage
          ? error.serverMessage
          : "We couldn't sign you up just now. Please check your connection and try again.",
      );
      return;
    }
    track({ name: 'lead', params: { form: 'real-talk-opt-in', currency: 'NZD', value: 1 } });
    navigate(THANK_YOU_PATH);
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Get the free audio"
      id={id}
      className="grid gap-4 rounded-2xl bg-white p-6 text-slate-900 shadow-xl"
    >
      <TextField label="First name" required autoComplete="given-name" {...field('firstName')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <SubmitButton pending={formState.isSubmitting} pendingLabel="Sending..." className={submitClass()}>
        Send Me the Free Audio
      </SubmitButton>
      <p className="text-center text-xs text-slate-500">
        12 minutes. No spam: one e-mail with your link, and you can unsubscribe any time.
      </p>
    </form>
  );
}
