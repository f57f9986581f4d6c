import { useState } from 'react';
import { useHost } from '@agency/contracts/client';
import { QueryView } from '../../components/query-view';
import { passkeyErrorText, passkeysAvailable, passkeysBlockedByAddress } from '../../lib/passkeys';
import { useStepUp } from '../../lib/step-up';
import { useToastedCall } from '../../lib/use-toasted-call';
import { RecoveryCodes } from '../../components/recovery-codes';
import { AddPasskeyForm } from './components/add-passkey-form';
import { SecondStepSection } from './components/second-step-section';
import {
  useAccountSessions,
  useEndOtherSessions,
  useEndSession,
  useNewRecoveryCodes,
  useRemovePasskey,
  useSecurityOverview,
} from './api/security';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-NZ', { dateStyle: 'medium', timeStyle: 'short' }) : 'never';
const button = 'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50';

/**
 * Where the account is signed in, its passkeys, its authenticator app and recovery codes (decision 0062), and for a
 * client, whether the sign-in asks for a passkey after the password (decision 0083).
 */
export function SecurityPanel() {
  return (
    <div className="space-y-10">
      <SessionsSection />
      <PasskeysSection />
      <AppSection />
      <SecondStepSection />
    </div>
  );
}

function SessionsSection() {
  const toasted = useToastedCall();
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  return (
    <section aria-labelledby="sessions-heading" className="space-y-3">
      <h2 id="sessions-heading" className="text-xl font-bold">
        Where you are signed in
      </h2>
      <QueryView query={sessions}>
        {(data) => (
          <>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your sessions</caption>
              <thead className="border-b text-slate-600">
                <tr>
                  <th className="py-2">Browser and device</th>
                  <th>Address</th>
                  <th>First seen</th>
                  <th>Last seen</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((s) => (
                  <tr key={s.id} className="border-b">
                    <td className="py-2 font-medium">
                      {s.browser} on {s.device}
                      {s.current && <span className="ml-2 text-xs text-brand-700">(this browser)</span>}
                    </td>
                    <td>{s.address}</td>
                    <td>{when(s.firstSeen)}</td>
                    <td>{when(s.lastSeen)}</td>
                    <td className="text-right">
                      {!s.current && (
                        <button
                          type="button"
                          className={button}
                          aria-label={`Sign out ${s.browser} on ${s.device} at ${s.address}`}
                          onClick={() =>
                            void toasted(
                              () => endOne.mutateAsync(s.id),
                              { title: 'Signed out', description: `${s.browser} on ${s.device} is signed out.` },
                              { title: 'Sign-out failed', fallback: 'Please try again' },
                            )
                          }
                        >
                          Sign out
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.items.length > 1 && (
              <button
                type="button"
                className={button}
                onClick={() =>
                  void toasted(
                    () => endOthers.mutateAsync(),
                    { title: 'Signed out', description: 'Every other session is signed out.' },
                    { title: 'Sign-out failed', fallback: 'Please try again' },
                  )
                }
              >
                Sign out all other sessions
              </button>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function PasskeysSection() {
  const toasted = useToastedCall();
  const overview = useSecurityOverview();
  const remove = useRemovePasskey();

  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h2 id="passkeys-heading" className="text-xl font-bold">
        Passkeys
      </h2>
      <p className="text-sm text-slate-600">
        A passkey signs you in with your device&apos;s fingerprint, face or PIN, without a password. It is another way
        in: your password still works too, unless you turn on the second step below.
      </p>
      <QueryView query={overview}>
        {(data) => (
          <ul aria-label="Your passkeys" className="divide-y rounded-xl border border-slate-200">
            {data.passkeys.length === 0 && <li className="p-3 text-sm text-slate-600">No passkeys yet.</li>}
            {data.passkeys.map((k) => (
              <li key={k.id} className="flex items-center justify-between gap-2 p-3">
                <span>
                  <span className="font-medium">{k.name}</span>
                  <span className="block text-xs text-slate-600">
                    Added {when(k.createdAt)}, last used {when(k.lastUsedAt)}
                  </span>
                </span>
                <button
                  type="button"
                  className={button}
                  aria-label={`Remove passkey ${k.name}`}
                  onClick={() =>
                    void toasted(
                      () => remove.mutateAsync(k.id),
                      { title: 'Passkey removed', description: `${k.name} can no longer sign you in.` },
                      { title: 'Passkey not removed', fallback: 'Please try again' },
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {passkeysBlockedByAddress() && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Passkeys cannot be added here: this page was opened at an IP address ({window.location.hostname}), and a
          passkey belongs to a site&apos;s name. Open the dashboard at the site&apos;s name to add one.
        </p>
      )}
      {passkeysAvailable() && <AddPasskeyForm />}
    </section>
  );
}

function AppSection() {
  const { toast } = useHost();
  const overview = useSecurityOverview();
  const stepUp = useStepUp();
  const renew = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const newCodes = async () => {
    try {
      setCodes((await stepUp(() => renew.mutateAsync())).recoveryCodes);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'No new codes',
        description: passkeyErrorText(error, 'Please try again'),
      });
    }
  };
  return (
    <section aria-labelledby="app-heading" className="space-y-3">
      <h2 id="app-heading" className="text-xl font-bold">
        Authenticator app and recovery codes
      </h2>
      <QueryView query={overview}>
        {(data) => (
          <>
            <p className="text-sm text-slate-600">
              {data.totp
                ? 'Your sign-ins ask for a code from your app.'
                : data.secondFactorRequired
                  ? 'You will set up an authenticator app at your next sign-in.'
                  : 'Your account has no authenticator app.'}
            </p>
            {data.totp || data.passkeys.length > 0 ? (
              <>
                <p className="text-sm">
                  {data.recoveryCodesLeft} of 10 recovery codes are left. Each signs you in once without your phone or
                  passkey.
                </p>
                <button type="button" className={button} onClick={() => void newCodes()}>
                  New recovery codes
                </button>
              </>
            ) : (
              <p className="text-sm text-slate-600">Recovery codes come with a passkey or an authenticator app.</p>
            )}
            {codes && <RecoveryCodes codes={codes} />}
          </>
        )}
      </QueryView>
    </section>
  );
}
