import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  endpoints,
  SIGNING_IN_COOKIE,
  type LoginInput,
  type SecondFactorStep as Step,
  type SignedIn,
} from '@agency/contracts';
import { call, useHost, isHttpError } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { PendingButton } from '../../components/pending-button';
import { passkeyErrorText, signInWithPasskey, usePasskeysAvailable } from '../../lib/passkeys';
import { loginResolver } from '../../lib/sign-in-resolvers';
import { SecondFactorStep } from './second-factor/second-factor-step';

/** site-and-accounts §5: the server's message if present, else 'Invalid credentials'; an unreadable body is 'Authentication failed'. */
export function loginFailureText(error: unknown): string {
  if (!isHttpError(error))
    return error instanceof Error && error.message ? error.message : 'Please check your credentials and try again';
  if (error.serverMessage) return error.serverMessage;
  try {
    JSON.parse(error.body);
    return 'Invalid credentials';
  } catch {
    return 'Authentication failed';
  }
}

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { toast, session } = useHost();
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { username: '', password: '' } });
  const field = fieldsOf(form);
  const [step, setStep] = useState<Step | null>(null);
  const passkeys = usePasskeysAvailable();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  // A page reloaded in the middle of a sign-in (after the password, before the second step) carries on with it. The
  // gateway's `signing-in` hint says one is under way; without it there is nothing to ask.
  useEffect(() => {
    if (!document.cookie.split(/;\s*/).includes(`${SIGNING_IN_COOKIE}=1`)) return;
    let live = true;
    call(endpoints.pendingSignIn).then(
      (owed) => live && owed && setStep(owed),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const welcome = ({ firstSignIn, ...user }: SignedIn) => {
    session.getState().signedIn(user);
    // A person signing in for the first time (an invited member of staff, say) has not been here to come back to.
    const greeting = firstSignIn ? 'Welcome' : 'Welcome back';
    toast({ title: 'Login successful', description: `${greeting}, ${user.username}!` });
    // The sign-in page, now holding a user, goes on to its `next` address (auth-page.tsx): one navigation, not two
    // racing (a second one read `next` after the first had left the page, and went to the bare dashboard).
  };

  const withPasskey = async () => {
    setPasskeyBusy(true);
    try {
      welcome(await signInWithPasskey());
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: passkeyErrorText(error, 'Please try again'),
      });
    } finally {
      setPasskeyBusy(false);
    }
  };

  const submit = form.handleSubmit(async (credentials) => {
    try {
      // The store waits the spec's deliberate 100 ms before calling.
      const answer = await session.getState().login(credentials);
      // An account with a second factor (every staff account) is asked for it next (decision 0061).
      if ('secondFactor' in answer) setStep(answer);
      else welcome(answer);
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({ variant: 'destructive', title: 'Login failed', description: loginFailureText(error) });
    }
  });

  if (step) return <SecondFactorStep step={step} onDone={welcome} />;

  return (
    <form onSubmit={submit} onFocus={loginResolver.preload} noValidate className="space-y-4" aria-label="Login">
      <TextField label="Username" required autoComplete="username" {...field('username')} />
      <TextField label="Password" required type="password" autoComplete="current-password" {...field('password')} />
      <PendingButton pending={form.formState.isSubmitting} pendingLabel="Authenticating...">
        Login
      </PendingButton>
      {passkeys && (
        <button
          type="button"
          onClick={() => void withPasskey()}
          disabled={passkeyBusy}
          className="w-full rounded-lg border border-slate-300 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60"
        >
          Sign in with a passkey
        </button>
      )}
      <button type="button" onClick={onForgot} className="w-full text-sm text-slate-600 underline">
        Forgot Password?
      </button>
    </form>
  );
}
