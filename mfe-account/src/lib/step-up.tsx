import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { endpoints } from '@agency/contracts';
import { call, isHttpError, useHost } from '@agency/contracts/client';
import { CodeForm } from '../features/auth/second-factor/code-form';
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

function StepUpDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const { toast } = useHost();
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
        <p className="text-sm text-slate-600">
          This action needs a second factor from the last 15 minutes: enter a code from your authenticator app (or a
          recovery code).
        </p>
        <CodeForm
          submitLabel="Confirm"
          failureTitle="Verification failed"
          send={async (code) => {
            await call(endpoints.secondFactor, { body: { code } });
            onDone(true);
          }}
        />
        {passkeysAvailable() && (
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
