import { useState, type FormEvent } from 'react';
import { useNavigate } from '@agency/contracts/router';
import { useHost, isHttpError } from '@agency/contracts/client';
import { Field } from '../../components/field';
import { PendingButton } from '../../components/pending-button';

/** §5: the server's message if present, else 'Invalid credentials'; an unreadable body is 'Authentication failed'. */
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
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      // The store waits the spec's deliberate 100 ms before calling.
      const user = await session
        .getState()
        .login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') });
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      navigate('/dashboard');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Login failed', description: loginFailureText(error) });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Login">
      <Field label="Username" name="username" autoComplete="username" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      <PendingButton pending={pending} pendingLabel="Authenticating...">
        Login
      </PendingButton>
      <button type="button" onClick={onForgot} className="w-full text-sm text-slate-600 underline">
        Forgot Password?
      </button>
    </form>
  );
}
