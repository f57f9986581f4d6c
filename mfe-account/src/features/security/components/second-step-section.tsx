import { useId, useState } from 'react';
import { useHost } from '@agency/contracts/client';
import { passkeyErrorText } from '../../../lib/passkeys';
import { useStepUp } from '../../../lib/step-up';
import { useToastedCall } from '../../../lib/use-toasted-call';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { useNewRecoveryCodes, useSecondStep, useSecurityOverview } from '../api/security';

const button =
  'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60';

/**
 * A client's choice (decision 0083): by default the password alone signs in and a passkey is another way in. They may
 * have the sign-in ask for a passkey (or a code) after the password too, but only with new recovery codes in hand:
 * the codes are made first and shown once, and the step is turned on once they say they saved them. Staff are always
 * asked, so they see nothing here.
 */
export function SecondStepSection() {
  const { toast } = useHost();
  const overview = useSecurityOverview();
  const stepUp = useStepUp();
  const toasted = useToastedCall();
  const renew = useNewRecoveryCodes();
  const change = useSecondStep();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const savedId = useId();
  const data = overview.data;
  if (!data || data.secondFactorRequired) return null;
  const hasFactor = data.totp || data.passkeys.length > 0;

  const makeCodes = async () => {
    try {
      setCodes((await stepUp(() => renew.mutateAsync())).recoveryCodes);
      setSaved(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'No recovery codes',
        description: passkeyErrorText(error, 'Please try again'),
      });
    }
  };
  const turn = async (on: boolean) => {
    const done = await toasted(
      () => change.mutateAsync(on),
      on
        ? { title: 'Second step on', description: 'Your sign-in now asks for a passkey or a code after your password.' }
        : { title: 'Second step off', description: 'Your password alone signs you in again.' },
      { title: 'Not changed', fallback: 'Please try again' },
    );
    if (done) setCodes(null);
  };

  return (
    <section aria-labelledby="second-step-heading" className="space-y-3">
      <h2 id="second-step-heading" className="text-xl font-bold">
        Second step at sign-in
      </h2>
      {data.secondStep ? (
        <>
          <p className="text-sm">
            Your sign-in asks for a passkey or a code after your password. Without them, one of your recovery codes gets
            you in; if those are gone too, contact us and we reset your second step once we have checked it is you.
          </p>
          <button type="button" className={button} onClick={() => void turn(false)}>
            Turn the second step off
          </button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Your password alone signs you in, and your passkeys are another way in. You can have your sign-in ask for a
            passkey after the password too, so a password someone else learns opens nothing on its own.
          </p>
          {!hasFactor ? (
            <p className="text-sm text-slate-600">Add a passkey first.</p>
          ) : !codes ? (
            <button type="button" className={button} onClick={() => void makeCodes()}>
              Set up a second step
            </button>
          ) : (
            <div className="space-y-3 rounded-xl border border-slate-200 p-4">
              <RecoveryCodes codes={codes} />
              <label htmlFor={savedId} className="flex items-center gap-2 text-sm font-medium">
                <input id={savedId} type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />I
                have saved these recovery codes somewhere safe
              </label>
              <button type="button" className={button} disabled={!saved} onClick={() => void turn(true)}>
                Turn the second step on
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
