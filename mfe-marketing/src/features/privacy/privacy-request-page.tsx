import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestInput, type PrivacyRequestKind } from '@agency/contracts';
import { serverErrorText, useSearchParam } from '@agency/contracts/client';
import {
  fieldsOf,
  FieldsetFrame,
  FormAlert,
  lazyResolver,
  showServerErrors,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@agency/contracts/ui';

const KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Send me a copy of what you hold about me',
  correction: 'Correct what you hold about me',
  deletion: 'Delete what you hold about me',
};

/** The form's check and the sends, with zod, in a chunk of their own (privacy-sending.ts). */
const sending = () => import('./privacy-sending');
const resolver = lazyResolver(() => sending().then((m) => m.check));

const BUTTON = 'rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white disabled:opacity-60';

/** Confirming takes a click, so a mail scanner that opens the link does not confirm a request for the person. */
function Confirm({ token }: { token: string }) {
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });
  const confirm = async () => {
    setState({ busy: true });
    try {
      const { message } = await (await sending()).confirm(token);
      setState({ busy: false, message });
    } catch (error) {
      setState({ busy: false, error: serverErrorText(error, 'We could not confirm your request. Please try again.') });
    }
  };
  if (state.message)
    return (
      <p role="status" className="mt-6 rounded-lg bg-green-50 p-4 text-green-900">
        {state.message}
      </p>
    );
  return (
    <div className="mt-6 space-y-4">
      <p>Confirm your request, and we will answer it within 20 working days.</p>
      <button type="button" onClick={() => void confirm()} disabled={state.busy} className={BUTTON}>
        {state.busy ? 'Confirming…' : 'Confirm my request'}
      </button>
      <FormAlert>{state.error}</FormAlert>
    </div>
  );
}

/**
 * `/privacy-request`: a person asks for a copy, a correction or deletion of what is held about their address. The
 * form is on decision 0055's stack: its contracts schema checks it (fetched when the visitor reaches the form), a
 * field's problem is said at the field, and the form's own (the server's words, an offline send) in its `FormAlert`.
 */
export function PrivacyRequestPage() {
  // The gateway renders a confirmation link's page as one (the route's serverQuery), so the first paint is the
  // confirm button, not the empty form, and hydration finds what the server drew.
  const token = useSearchParam('token', 'pending', { rendered: 'by-presence' });
  const form = useForm<PrivacyRequestInput, unknown, PrivacyRequestInput>({
    resolver,
    defaultValues: { email: '', kind: 'access', details: '' },
  });
  const field = fieldsOf(form, { clearOnEdit: true });
  const [sent, setSent] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    try {
      const { message } = await (await sending()).request(body);
      setSent(message);
    } catch (error) {
      showServerErrors(form.setError, error);
      form.setError('root.server', {
        message: serverErrorText(error, 'We could not send your request. Please try again.'),
      });
    }
  });

  return (
    <article className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Your personal information</h1>
      <p className="mt-4 text-lg text-slate-700">
        Under the Privacy Act 2020 you can ask for a copy of the personal information we hold about you, ask us to
        correct it, or ask us to delete it. We answer within 20 working days.
      </p>
      {token ? (
        <Confirm token={token} />
      ) : sent ? (
        <div className="mt-6 space-y-4">
          <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
            {sent}
          </p>
          <button
            type="button"
            onClick={() => {
              // The address and the choice stay for the next request; the details were this one's.
              form.resetField('details');
              setSent(null);
            }}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Make another request
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} onFocus={resolver.preload} className="mt-8 space-y-5" noValidate>
          <TextField label="Your e-mail address" type="email" required autoComplete="email" {...field('email')} />
          <FieldsetFrame label="What would you like us to do?" error={form.formState.errors.kind?.message}>
            {PRIVACY_REQUEST_KINDS.map((k) => (
              <label key={k} className="mt-2 flex items-center gap-2">
                <input type="radio" value={k} {...form.register('kind')} />
                {KIND_LABELS[k]}
              </label>
            ))}
          </FieldsetFrame>
          <TextAreaField label="Anything we should know (optional)" maxLength={2000} rows={4} {...field('details')} />
          <p className="text-sm text-slate-600">
            We will e-mail a link to this address to confirm the request is yours.
          </p>
          <FormAlert>{form.formState.errors.root?.server?.message}</FormAlert>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending…" className={BUTTON}>
            Send my request
          </SubmitButton>
        </form>
      )}
    </article>
  );
}
