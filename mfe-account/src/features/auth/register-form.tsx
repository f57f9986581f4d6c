import { useState, type FormEvent } from 'react';
import { errorText, useHost } from '@agency/contracts/client';
import { Field } from '../../components/field';
import { NewPasswordField } from '../../components/new-password-field';
import { passwordMeetsRules } from '../../components/password-checklist';
import { PendingButton } from '../../components/pending-button';

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
        description: errorText(error, 'Please try again'),
      });
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Register">
      <Field label="Username" name="username" autoComplete="username" />
      <Field label="Email" name="email" type="email" autoComplete="email" />
      <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} />
      <PendingButton pending={pending} pendingLabel="Creating account..." disabled={!passwordMeetsRules(password)}>
        Register
      </PendingButton>
    </form>
  );
}
