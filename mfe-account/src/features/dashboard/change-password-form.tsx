import { useState, type FormEvent } from 'react';
import { Field } from '../../components/field';
import { PasswordChecklist, passwordMeetsRules } from '../../components/password-checklist';
import { useHost } from '@agency/contracts/client';
import { failedCallText, postJson } from '../../lib/api';

/** Current and new password; other signed-in devices are signed out by the server. */
export function ChangePasswordForm() {
  const { toast } = useHost();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const res = await postJson<{ message?: string }>('/api/change-password', {
        currentPassword: current,
        newPassword: next,
      });
      toast({ title: 'Success', description: res?.message ?? 'Password updated successfully' });
      setCurrent('');
      setNext('');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Password change failed',
        description: failedCallText(error, 'Please try again'),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="max-w-md space-y-4" aria-label="Change password">
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <PasswordChecklist password={next} />
      <button
        type="submit"
        disabled={pending || !current || !passwordMeetsRules(next)}
        className="rounded-lg bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {pending ? 'Updating...' : 'Update Password'}
      </button>
    </form>
  );
}
