import { useEffect, useState } from 'react';
import { endpoints, type SignedIn } from '@agency/contracts';
import { call, serverErrorText } from '@agency/contracts/client';
import { CodeForm } from '../../../components/code-form';
import { RecoveryCodes } from '../../../components/recovery-codes';

/** The key in groups of four, as it is read aloud or typed: apps ignore the spaces. */
export const groupsOfFour = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

type Setup = { secret: string; uri: string; qrCode: string };

/**
 * Setting up the authenticator app (decision 0061): the key as a QR code and as text, confirmed by its first code;
 * then the ten recovery codes, shown once, before the dashboard.
 */
export function EnrolStep({ onDone }: { onDone: (user: SignedIn) => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ user: SignedIn; recoveryCodes: string[] } | null>(null);

  // The same sign-in asking again (a reload) is shown the same key, so the one already scanned still confirms.
  useEffect(() => {
    let live = true;
    call(endpoints.totpSetup).then(
      (answer) => live && setSetup(answer),
      (error: unknown) =>
        live && setFailure(serverErrorText(error, 'The setup could not start. Please sign in again.')),
    );
    return () => {
      live = false;
    };
  }, []);

  /** A new key on purpose (the old one was never scanned, or was scanned somewhere it should not be). */
  const replace = async () => {
    try {
      setSetup(await call(endpoints.totpSetup, { query: { replace: '1' } }));
    } catch (error) {
      setFailure(serverErrorText(error, 'The setup could not start. Please sign in again.'));
    }
  };

  if (done)
    return (
      <div className="space-y-6">
        <RecoveryCodes codes={done.recoveryCodes} />
        <button
          type="button"
          onClick={() => onDone(done.user)}
          className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          I have saved my recovery codes
        </button>
      </div>
    );
  if (failure) return <p role="alert">{failure}</p>;
  if (!setup) return <p role="status">Preparing your authenticator app setup...</p>;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Set up your authenticator app</h2>
      <p className="text-sm text-slate-600">
        Staff accounts sign in with a code from an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password and the like). Scan this QR code with the app, or type the key into it.
      </p>
      <img
        src={setup.qrCode}
        alt="QR code of your authenticator app key"
        width={240}
        height={240}
        className="mx-auto"
      />
      <p className="text-sm">
        Key:{' '}
        <code className="break-all font-mono" aria-label="Authenticator app key">
          {groupsOfFour(setup.secret)}
        </code>
      </p>
      <CodeForm
        label="Code from your app"
        submitLabel="Confirm app"
        failureTitle="Setup failed"
        send={async (code) => setDone(await call(endpoints.totpConfirm, { body: { code } }))}
      />
      <p className="text-sm text-slate-600">
        Reloading this page keeps the same key.{' '}
        <button type="button" onClick={() => void replace()} className="underline">
          Show a new key instead
        </button>{' '}
        (a key already added to an app then stops working).
      </p>
    </div>
  );
}
