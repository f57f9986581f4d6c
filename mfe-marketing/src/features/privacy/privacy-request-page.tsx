import { useState, type FormEvent } from 'react';
import { endpoints, PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from '@agency/contracts';
import { call, serverErrorText, useSearchParam } from '@agency/contracts/client';

const KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Send me a copy of what you hold about me',
  correction: 'Correct what you hold about me',
  deletion: 'Delete what you hold about me',
};

/** The look of `FormAlert` (decision 0110), which this page does without: the forms layer is not in its budget. */
const ALERT = 'rounded-lg bg-red-50 p-3 text-sm text-red-800';

/** Confirming takes a click, so a mail scanner that opens the link does not confirm a request for the person. */
function Confirm({ token }: { token: string }) {
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });
  const confirm = async () => {
    setState({ busy: true });
    try {
      const { message } = await call(endpoints.confirmPrivacy, { body: { token } });
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
      <button
        type="button"
        onClick={() => void confirm()}
        disabled={state.busy}
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white disabled:opacity-60"
      >
        {state.busy ? 'Confirming…' : 'Confirm my request'}
      </button>
      {state.error && (
        <p role="alert" className={ALERT}>
          {state.error}
        </p>
      )}
    </div>
  );
}

/** `/privacy-request`: a person asks for a copy, a correction or deletion of what is held about their address. */
export function PrivacyRequestPage() {
  // The gateway renders a confirmation link's page as one (the route's serverQuery), so the first paint is the
  // confirm button, not the empty form, and hydration finds what the server drew.
  const token = useSearchParam('token', 'pending', { rendered: 'by-presence' });
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<PrivacyRequestKind>('access');
  const [details, setDetails] = useState('');
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: string }>({ busy: false });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ busy: true });
    try {
      const { message } = await call(endpoints.requestPrivacy, { body: { email, kind, details } });
      setState({ busy: false, message });
    } catch (error) {
      setState({ busy: false, error: serverErrorText(error, 'We could not send your request. Please try again.') });
    }
  };

  return (
    <article className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Your personal information</h1>
      <p className="mt-4 text-lg text-slate-700">
        Under the Privacy Act 2020 you can ask for a copy of the personal information we hold about you, ask us to
        correct it, or ask us to delete it. We answer within 20 working days.
      </p>
      {token ? (
        <Confirm token={token} />
      ) : state.message ? (
        <div className="mt-6 space-y-4">
          <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
            {state.message}
          </p>
          <button
            type="button"
            onClick={() => {
              setDetails('');
              setState({ busy: false });
            }}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            Make another request
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-8 space-y-5" noValidate>
          <label className="block font-medium">
            Your e-mail address
            <input
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <fieldset>
            <legend className="font-medium">What would you like us to do?</legend>
            {PRIVACY_REQUEST_KINDS.map((k) => (
              <label key={k} className="mt-2 flex items-center gap-2">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
                {KIND_LABELS[k]}
              </label>
            ))}
          </fieldset>
          <label className="block font-medium">
            Anything we should know (optional)
            <textarea
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={2000}
              rows={4}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <p className="text-sm text-slate-600">
            We will e-mail a link to this address to confirm the request is yours.
          </p>
          {state.error && (
            <p role="alert" className={ALERT}>
              {state.error}
            </p>
          )}
          <button
            type="submit"
            disabled={state.busy}
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white disabled:opacity-60"
          >
            {state.busy ? 'Sending…' : 'Send my request'}
          </button>
        </form>
      )}
    </article>
  );
}
