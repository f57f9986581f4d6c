import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmPasswordSchema, endpoints } from '@agency/contracts';
import { call, isHttpError, serverErrorText, useHost } from '@agency/contracts/client';
import { fieldsOf, showServerErrors, TextField } from '@agency/contracts/ui';
import { PendingButton } from '../components/pending-button';
import { CodeForm } from '../components/code-form';
import { passkeyErrorText, passkeysAvailable, signInWithPasskey } from './passkeys';

/** Whether a call was refused only because the session's last second factor is too old (decision 0061). */
export const needsStepUp = (error: unknown) =>
  isHttpError(error) && error.status === 403 && 'secondFactor' in error.fieldErrors;

const StepUpContext = createContext<() => Promise<boolean>>(async () => false);

/**
 * The dashboard's step-up prompt: a sensitive action refused for want of a fresh second factor asks for a code (or
 * a passkey) here, and is tried again once it is proved; cancelling leaves the refusal as it was.
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [waiting, setWaiting] = useState<((proved: boolean) => void) | null>(null);
  const ask = useCallback(() => new Promise<boolean>((resolve) => setWaiting(() => resolve)), []);
  const finish = (proved: boolean) => {
    waiting?.(proved);
    setWaiting(null);
  };
  return (
    <StepUpContext.Provider value={ask}>
      {children}
      {waiting && <StepUpDialog onDone={finish} />}
    </StepUpContext.Provider>
  );
}

/** Runs `action`; if it needs a step-up, asks for it and runs it once more. */
export function useStepUp() {
  const ask = useContext(StepUpContext);
  return useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (needsStepUp(error) && (await ask())) return action();
        throw error;
      }
    },
    [ask],
  );
}

/**
 * What the account's sign-in asks for decides what proves it is still them (decision 0083): a code or a passkey when it
 * is asked for a second factor (staff; a client who chose it), else the password again, or a passkey if it has one.
 */
function StepUpDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const { toast } = useHost();
  const overview = useQuery({ queryKey: ['security'], queryFn: () => call(endpoints.securityOverview) });
  const byPassword = overview.data ? !overview.data.secondStep : false;
  const hasPasskey = (overview.data?.passkeys.length ?? 0) > 0;
  const passkey = async () => {
    try {
      await signInWithPasskey();
      onDone(true);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Passkey failed',
        description: passkeyErrorText(error, 'Please try again'),
      });
    }
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="step-up-heading"
        className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-xl"
        onKeyDown={(e) => e.key === 'Escape' && onDone(false)}
      >
        <h2 id="step-up-heading" className="text-lg font-semibold">
          Confirm it is you
        </h2>
        {!overview.data ? (
          <p role="status" className="text-sm text-slate-600">
            Checking how your account confirms...
          </p>
        ) : byPassword ? (
          <>
            <p className="text-sm text-slate-600">
              This action needs you to have signed in within the last 15 minutes: enter your password again.
            </p>
            <PasswordForm onDone={() => onDone(true)} />
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              This action needs a second factor from the last 15 minutes: enter a code from your authenticator app (or a
              recovery code){hasPasskey ? ', or use a passkey' : ''}.
            </p>
            <CodeForm
              submitLabel="Confirm"
              failureTitle="Verification failed"
              send={async (code) => {
                await call(endpoints.secondFactor, { body: { code } });
                onDone(true);
              }}
            />
          </>
        )}
        {passkeysAvailable() && hasPasskey && (
          <button
            type="button"
            onClick={() => void passkey()}
            className="w-full rounded-lg border border-slate-300 py-2 font-semibold hover:bg-slate-50"
          >
            Use a passkey
          </button>
        )}
        <button type="button" onClick={() => onDone(false)} className="w-full text-sm text-slate-600 underline">
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The password again, for an account whose sign-in asks for nothing more. */
function PasswordForm({ onDone }: { onDone: () => void }) {
  const { toast } = useHost();
  const form = useForm<{ password: string }>({
    resolver: zodResolver(ConfirmPasswordSchema),
    defaultValues: { password: '' },
  });
  const field = fieldsOf(form);
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await call(endpoints.confirmPassword, { body: { password } });
      onDone();
    } catch (error) {
      showServerErrors(form.setError, error);
      toast({
        variant: 'destructive',
        title: 'Not confirmed',
        description: serverErrorText(error, 'Please try again'),
      });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Confirm with your password">
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        {...field('password')}
      />
      <PendingButton pending={form.formState.isSubmitting} pendingLabel="Checking..." wide>
        Confirm
      </PendingButton>
    </form>
  );
}
