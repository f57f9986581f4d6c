import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@agency/contracts/router';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { NewPasswordField } from '../../components/new-password-field';
import { passwordMeetsRules } from '../../components/password-checklist';
import { PendingButton } from '../../components/pending-button';
import { newPasswordResolver } from '../../lib/sign-in-resolvers';
import { useSearchParam } from '@agency/contracts/client';
import { resetPassword } from './api/reset-password';

/** /reset-password?token=...: a new password under the same rules; success leads to sign-in. */
export function ResetPasswordPage() {
  const { toast, session } = useHost();
  const navigate = useNavigate();
  // The gateway renders the page by whether the link has its token and says it is an invitation (the route's
  // `serverQuery`), never with their values: the form, or the message of a link without its token, is in the
  // server's HTML and stays in place as React hydrates. Submitting needs the real token, read after hydration.
  const token = useSearchParam('token', 'from-link', { rendered: 'by-presence' }) ?? '';
  // An invitation's link (decision 0064): the same page, saying what it is for.
  const invite = useSearchParam('invite', '1', { rendered: 'by-presence' }) === '1';
  // The confirmation is the form's own: only the new password (and the link's token) is sent.
  const form = useForm<{ newPassword: string; confirmPassword: string }>({
    resolver: newPasswordResolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const field = fieldsOf(form);
  const [password, confirm] = form.watch(['newPassword', 'confirmPassword']);
  const mismatch = confirm.length > 0 && confirm !== password;

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      const res = await resetPassword({ token, newPassword });
      // The reset ended every session, this browser's included.
      await session.getState().clear();
      toast({ title: 'Success', description: res?.message ?? 'Your password has been reset. Please sign in.' });
      navigate('/auth');
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({
        variant: 'destructive',
        title: 'Password reset failed',
        description: serverErrorText(error, 'Failed to process request'),
      });
    }
  });

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">{invite ? 'Set Your Password' : 'Choose a New Password'}</h1>
      {invite && (
        <p className="mt-3 text-center text-slate-600">
          Welcome to the team. Choose the password you will sign in with; the link works once.
        </p>
      )}
      {/* One grid cell holds the form and, for a link without its token, the message over it: the server renders
          the form, and a page that turns out to have no token keeps the card's height (nothing below it moves). */}
      <div className="mt-8 grid rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <form
          onSubmit={submit}
          onFocus={newPasswordResolver.preload}
          noValidate
          className={`col-start-1 row-start-1 space-y-4 ${token ? '' : 'invisible'}`}
          aria-label={invite ? 'Set your password' : 'Choose a new password'}
          aria-hidden={token ? undefined : true}
        >
          <NewPasswordField label="New password" required value={password} {...field('newPassword')} />
          <TextField
            label="Confirm new password"
            required
            type="password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          {mismatch && (
            <p role="alert" className="text-sm text-red-700">
              The two passwords do not match.
            </p>
          )}
          <PendingButton
            pending={form.formState.isSubmitting}
            pendingLabel="Saving..."
            disabled={!token || !passwordMeetsRules(password) || confirm !== password}
          >
            {invite ? 'Set Password' : 'Set New Password'}
          </PendingButton>
        </form>
        {!token && (
          <div role="alert" className="col-start-1 row-start-1 space-y-3 text-slate-700">
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
