import { useState } from 'react';
import { endpoints, type SecondFactorStep as Step, type SignedIn } from '@agency/contracts';
import { call, useHost } from '@agency/contracts/client';
import { passkeyErrorText, passkeysAvailable, signInWithPasskey } from '../../../lib/passkeys';
import { CodeForm } from '../../../components/code-form';
import { EnrolStep } from './enrol-step';

/** The second step of a sign-in: setting up an app (staff without a factor), or a code or passkey (decision 0061). */
export function SecondFactorStep({ step, onDone }: { step: Step; onDone: (user: SignedIn) => void }) {
  const { toast } = useHost();
  const [busy, setBusy] = useState(false);
  if (step.secondFactor === 'enrol') return <EnrolStep onDone={onDone} />;

  const passkey = async () => {
    setBusy(true);
    try {
      onDone(await signInWithPasskey());
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Passkey failed',
        description: passkeyErrorText(error, 'Please try again'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Confirm it is you</h2>
      <p className="text-sm text-slate-600">
        {step.totp
          ? 'Enter the six-digit code from your authenticator app, or one of your recovery codes.'
          : 'Use your passkey, or without it, enter one of your recovery codes.'}
      </p>
      {/* A recovery code always gets through: the way in without the phone or passkey (decision 0083). */}
      <CodeForm
        label={step.totp ? 'Authentication code' : 'Recovery code'}
        submitLabel="Verify"
        failureTitle="Verification failed"
        send={async (code) => onDone(await call(endpoints.secondFactor, { body: { code } }))}
      />
      {step.passkeys && passkeysAvailable() && (
        <button
          type="button"
          onClick={() => void passkey()}
          disabled={busy}
          className="w-full rounded-lg border border-slate-300 py-2.5 font-semibold hover:bg-slate-50 disabled:opacity-60"
        >
          Use a passkey
        </button>
      )}
    </div>
  );
}
