import { useState, type FormEvent } from 'react';
import { errorText, useHost } from '@agency/contracts/client';
import { NewPasswordField, PasswordField } from '../../components/new-password-field';
import { passwordMeetsRules } from '../../components/password-checklist';
import { PendingButton } from '../../components/pending-button';
import { useChangePassword } from './api/change-password';

/** Current and new password; other signed-in devices are signed out by the server. */
export function ChangePasswordForm() {
  const { toast } = useHost();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const res = await change.mutateAsync({ currentPassword: current, newPassword: next });
      toast({ title: 'Success', description: res?.message ?? 'Password updated successfully' });
      setCurrent('');
      setNext('');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Password change failed',
        description: errorText(error, 'Please try again'),
      });
    }
  }

  return (
    <form onSubmit={submit} className="max-w-md space-y-4" aria-label="Change password">
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <NewPasswordField label="New password" name="newPassword" value={next} onChange={setNext} />
      <PendingButton
        pending={change.isPending}
        pendingLabel="Updating..."
        disabled={!current || !passwordMeetsRules(next)}
        wide={false}
      >
        Update Password
      </PendingButton>
    </form>
  );
}
