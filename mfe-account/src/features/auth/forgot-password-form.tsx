import { useState, type FormEvent } from 'react';
import { useHost } from '@agency/contracts/client';
import { Field } from '../../components/field';
import { PendingButton } from '../../components/pending-button';
import { forgotPasswordFailureText } from '../../lib/form-errors';
import { forgotPassword } from './api/forgot-password';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { toast } = useHost();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      await forgotPassword({ username: String(form.get('username') ?? '') });
      toast({
        title: 'Success',
        description: 'If an account exists with that username, you will receive reset instructions.',
      });
      onBack();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: forgotPasswordFailureText(error),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Forgot Password">
      <h2 className="text-xl font-bold">Forgot Password</h2>
      <p className="text-sm text-slate-600">
        Enter your username and we will e-mail you a link to choose a new password.
      </p>
      <Field label="Username" name="username" autoComplete="username" />
      <PendingButton pending={pending} pendingLabel="Sending...">
        Reset Password
      </PendingButton>
      <button type="button" onClick={onBack} className="w-full text-sm text-slate-600 underline">
        Back to Login
      </button>
    </form>
  );
}
