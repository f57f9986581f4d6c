import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@agency/contracts';
import { useHost } from '../../host-context';
import { postJson, wait } from './api';
import { Field } from './field';

/** Spec: a deliberate 100 ms wait precedes the login call. */
const LOGIN_DELAY_MS = 100;

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const { toast } = useHost();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await wait(LOGIN_DELAY_MS);
      const user = await postJson<User>('/api/login', { username: form.get('username'), password: form.get('password') });
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
      navigate('/dashboard');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: error instanceof Error && error.message ? error.message : 'Please check your credentials and try again',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Login">
      <Field label="Username" name="username" autoComplete="username" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      <button type="submit" disabled={pending} className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
        {pending ? 'Authenticating...' : 'Login'}
      </button>
      <button type="button" onClick={onForgot} className="w-full text-sm text-slate-600 underline">
        Forgot Password?
      </button>
    </form>
  );
}
