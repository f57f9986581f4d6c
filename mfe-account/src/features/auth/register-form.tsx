import { useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { PasswordChecklist, passwordMeetsRules } from '../../components/password-checklist';
import { useHost } from '@agency/contracts/client';
import { failedCallText } from '../../lib/api';

/** Registration creates a client account and signs it in; the page then moves on to the dashboard. */
export function RegisterForm() {
  const { toast, session, track } = useHost();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Where the visitor registered: once signed in, the page moves on to the dashboard.
    const page = window.location.pathname;
    setPending(true);
    try {
      const user = await session.getState().register({
        username: String(form.get('username') ?? ''),
        email: String(form.get('email') ?? ''),
        password,
        role: 'client',
      });
      track({ name: 'complete_registration', params: { role: user.role, page } });
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}! Your account is ready.` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: failedCallText(error, 'Please try again'),
      });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Register">
      <Field label="Username" name="username" autoComplete="username" />
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordChecklist password={password} />
      <button
        type="submit"
        disabled={pending || !passwordMeetsRules(password)}
        className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? 'Creating account...' : 'Register'}
      </button>
    </form>
  );
}
