import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ChangePasswordSchema, type ChangePasswordInput } from '@agency/contracts';
import { errorText, useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { NewPasswordField } from '../../components/new-password-field';
import { passwordMeetsRules } from '../../components/password-checklist';
import { PendingButton } from '../../components/pending-button';
import { useChangePassword } from './api/change-password';

/** Current and new password; other signed-in devices are signed out by the server. */
export function ChangePasswordForm() {
  const { toast } = useHost();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const field = fieldsOf(form);
  const [current, next] = form.watch(['currentPassword', 'newPassword']);

  const submit = form.handleSubmit(async (passwords) => {
    try {
      const res = await change.mutateAsync(passwords);
      toast({ title: 'Success', description: res?.message ?? 'Password updated successfully' });
      form.reset();
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({
        variant: 'destructive',
        title: 'Password change failed',
        description: errorText(error, 'Please try again'),
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" aria-label="Change password">
      <TextField
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <NewPasswordField label="New password" required value={next} {...field('newPassword')} />
      <PendingButton
        pending={form.formState.isSubmitting}
        pendingLabel="Updating..."
        disabled={!current || !passwordMeetsRules(next)}
        wide={false}
      >
        Update Password
      </PendingButton>
    </form>
  );
}
