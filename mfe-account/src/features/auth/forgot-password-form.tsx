import { useForm } from 'react-hook-form';
import type { ForgotPasswordInput } from '@agency/contracts';
import { useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { PendingButton } from '../../components/pending-button';
import { forgotPasswordFailureText } from '../../lib/form-errors';
import { forgotPasswordResolver } from '../../lib/sign-in-resolvers';
import { forgotPassword } from './api/forgot-password';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { toast } = useHost();
  const form = useForm<ForgotPasswordInput>({ resolver: forgotPasswordResolver, defaultValues: { username: '' } });
  const field = fieldsOf(form);

  const submit = form.handleSubmit(async (request) => {
    try {
      await forgotPassword(request);
      toast({
        title: 'Success',
        description:
          'If an account matches that username or e-mail address, we have e-mailed reset instructions to its address.',
      });
      onBack();
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({ variant: 'destructive', title: 'Error', description: forgotPasswordFailureText(error) });
    }
  });

  return (
    <form
      onSubmit={submit}
      onFocus={forgotPasswordResolver.preload}
      noValidate
      className="space-y-4"
      aria-label="Forgot Password"
    >
      <h2 className="text-xl font-bold">Forgot Password</h2>
      <p className="text-sm text-slate-600">
        Enter your username or the e-mail address of your account, and we will e-mail you a link to choose a new
        password.
      </p>
      <TextField label="Username or e-mail address" required autoComplete="username" {...field('username')} />
      <PendingButton pending={form.formState.isSubmitting} pendingLabel="Sending...">
        Reset Password
      </PendingButton>
      <button type="button" onClick={onBack} className="w-full text-sm text-slate-600 underline">
        Back to Login
      </button>
    </form>
  );
}
