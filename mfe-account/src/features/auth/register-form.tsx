import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { RegisterInput, RegisterSchema } from '@agency/contracts';
import { errorText, useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { NewPasswordField } from '../../components/new-password-field';
import { passwordMeetsRules } from '../../components/password-checklist';
import { PendingButton } from '../../components/pending-button';
import { registerResolver } from '../../lib/sign-in-resolvers';

/** Registration creates a client account and signs it in; the page then moves on to the dashboard. */
export function RegisterForm() {
  const { toast, session, track } = useHost();
  const form = useForm<RegisterInput, unknown, z.output<typeof RegisterSchema>>({
    resolver: registerResolver,
    defaultValues: { username: '', email: '', password: '' },
  });
  const field = fieldsOf(form);
  const password = form.watch('password');

  const submit = form.handleSubmit(async (account) => {
    // Where the visitor registered: once signed in, the page moves on to the dashboard.
    const page = window.location.pathname;
    try {
      const user = await session.getState().register(account);
      track({ name: 'complete_registration', params: { role: user.role, page } });
      toast({ title: 'Registration successful', description: `Welcome, ${user.username}! Your account is ready.` });
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: errorText(error, 'Please try again'),
      });
    }
  });

  return (
    <form onSubmit={submit} onFocus={registerResolver.preload} noValidate className="space-y-4" aria-label="Register">
      <TextField label="Username" required autoComplete="username" {...field('username')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      <NewPasswordField label="Password" required value={password} {...field('password')} />
      <PendingButton
        pending={form.formState.isSubmitting}
        pendingLabel="Creating account..."
        disabled={!passwordMeetsRules(password)}
      >
        Register
      </PendingButton>
    </form>
  );
}
