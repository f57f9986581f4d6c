import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '@agency/contracts/router';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { NewPasswordField, PasswordField } from '../../components/new-password-field';
import { passwordMeetsRules } from '../../components/password-checklist';
import { PendingButton } from '../../components/pending-button';
import { resetPassword } from './api/reset-password';

/** /reset-password?token=...: a new password under the same rules; success leads to sign-in. */
export function ResetPasswordPage() {
  const { toast, session } = useHost();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const res = await resetPassword({ token, newPassword: password });
      // The reset ended every session, this browser's included.
      await session.getState().clear();
      toast({ title: 'Success', description: res?.message ?? 'Your password has been reset. Please sign in.' });
      navigate('/auth');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Password reset failed',
        description: serverErrorText(error, 'Failed to process request'),
      });
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Choose a New Password</h1>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {token ? (
          <form onSubmit={submit} className="space-y-4" aria-label="Choose a new password">
            <NewPasswordField label="New password" name="newPassword" value={password} onChange={setPassword} />
            <PasswordField label="Confirm new password" name="confirmPassword" value={confirm} onChange={setConfirm} />
            {mismatch && (
              <p role="alert" className="text-sm text-red-700">
                The two passwords do not match.
              </p>
            )}
            <PendingButton
              pending={pending}
              pendingLabel="Saving..."
              disabled={!passwordMeetsRules(password) || confirm !== password}
            >
              Set New Password
            </PendingButton>
          </form>
        ) : (
          <div role="alert" className="space-y-3 text-slate-700">
            <p>This reset link is incomplete. Open the link from your e-mail again, or ask for a new one.</p>
            <Link to="/auth" className="font-semibold text-brand-700 underline">
              Back to Login
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
