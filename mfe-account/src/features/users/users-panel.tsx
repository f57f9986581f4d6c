import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Account, type Role } from '@agency/contracts';
import { useSession } from '@agency/contracts/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Options } from '../../components/options';
import { Pager, QueryView } from '../../components/query-view';
import { useToastedCall } from '../../lib/use-toasted-call';
import { useResendInvite, useSetAccess } from './api/account-access';
import { useChangeRole } from './api/change-role';
import { useUsers } from './api/get-users';
import { InviteForm } from './components/invite-form';
import { resetSecondFactor } from './api/reset-second-factor';

/** A cell of a card on a phone: its column's name before it; from sm up, a plain table cell. */
const cardCell =
  'flex items-baseline gap-3 py-1 pr-3 before:w-16 before:shrink-0 before:text-slate-600 before:content-[attr(data-label)] sm:table-cell sm:py-0 sm:before:content-none';

/** An address that wraps, when it must, after its @ or a dot, not anywhere (a narrow column broke it every few letters). */
function Address({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="min-w-0 [overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </span>
      ))}
    </span>
  );
}

type Pending =
  | { kind: 'role'; user: Account; role: Role }
  | { kind: 'access'; user: Account; enabled: boolean }
  | { kind: 'reset'; user: Account };

function access(u: Account) {
  if (u.disabled) return <span className="font-semibold text-red-700">Disabled</span>;
  if (u.invited) return <span className="text-amber-800">Invited</span>;
  return <span className="text-green-800">Active</span>;
}

/**
 * Master admin only: every account, its role and its access. A role change, a disable or enable and a reset of
 * someone's second factors (staff or client, decision 0083) are asked about first in a dialog that says what will
 * happen; one's own role and access cannot be changed here, and the server refuses demoting or disabling the last
 * master admin. Staff are invited by e-mail rather than given a password.
 */
export function UsersPanel() {
  const toasted = useToastedCall();
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  const changeRole = useChangeRole();
  const setAccess = useSetAccess();
  const resendInvite = useResendInvite();
  const me = useSession((s) => s.user?.id);
  const [pending, setPending] = useState<Pending | null>(null);

  // The confirmation closes first: a step-up prompt (lib/step-up.tsx) may follow, and the toast says the outcome.
  const run = async (p: Pending) => {
    setPending(null);
    if (p.kind === 'reset') return reset(p.user);
    await (p.kind === 'role'
      ? toasted(
          () => changeRole.mutateAsync({ userId: p.user.id, role: p.role }),
          {
            title: 'Role changed',
            description: `${p.user.username} is now ${ROLE_LABELS[p.role].toLowerCase()}. They sign in again to use it.`,
          },
          { title: 'Role change failed', fallback: 'The role could not be changed. Please try again.' },
        )
      : toasted(
          () => setAccess.mutateAsync({ userId: p.user.id, enabled: p.enabled }),
          p.enabled
            ? { title: 'Account enabled', description: `${p.user.username} can sign in again.` }
            : { title: 'Account disabled', description: `${p.user.username} was signed out and cannot sign in.` },
          { title: 'Change failed', fallback: 'The account could not be changed. Please try again.' },
        ));
  };

  const resend = (user: Account) =>
    toasted(
      () => resendInvite.mutateAsync(user.id),
      {
        title: 'Invitation sent again',
        description: `${user.username} has a new link for 7 days at ${user.email}; the earlier links no longer work.`,
      },
      { title: 'Invitation not sent', fallback: 'The invitation could not be sent. Please try again.' },
    );

  const reset = (user: Account) =>
    toasted(
      () => resetSecondFactor(user.id),
      {
        title: 'Second factor reset',
        description:
          user.role === 'client'
            ? `${user.username} is signed out and signs in with their password alone now.`
            : `${user.username} is signed out and sets up a new authenticator app at their next sign-in.`,
      },
      { title: 'Reset failed', fallback: 'Please try again' },
    );

  return (
    <div className="space-y-8">
      <InviteForm />
      <QueryView query={users}>
        {(data) => (
          <>
            {/* On a phone each account is a card of labelled lines (decision 0100); from sm up, a table. */}
            <div className="relative overflow-x-auto">
              <table className="block w-full text-left text-sm sm:table">
                <caption className="sr-only">User accounts</caption>
                <thead className="sr-only border-b text-slate-600 sm:not-sr-only sm:table-header-group">
                  <tr>
                    <th className="py-2 pr-3">Username</th>
                    <th className="pr-3">E-mail</th>
                    <th className="pr-3">Role</th>
                    <th className="pr-3">Access</th>
                    <th>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="block sm:table-row-group">
                  {data.items.map((u) => {
                    const self = u.id === me;
                    return (
                      <tr key={u.id} className="block border-b py-3 sm:table-row sm:py-0">
                        <td className="block py-1 pr-3 font-medium sm:table-cell sm:py-2">{u.username}</td>
                        <td className={cardCell} data-label="E-mail">
                          <Address email={u.email} />
                        </td>
                        <td className={cardCell} data-label="Role">
                          <select
                            aria-label={`Role of ${u.username}`}
                            aria-describedby={self ? 'own-role-note' : undefined}
                            value={u.role}
                            disabled={self}
                            onChange={(e) => setPending({ kind: 'role', user: u, role: e.target.value as Role })}
                            className="rounded border px-2 py-1 disabled:bg-slate-100"
                          >
                            <Options values={ROLES} labels={ROLE_LABELS} />
                          </select>
                        </td>
                        <td className={cardCell} data-label="Access">
                          {access(u)}
                        </td>
                        <td className="block py-1 sm:table-cell sm:py-2">
                          {self ? (
                            <span id="own-role-note" className="text-xs text-slate-500">
                              Your own account
                            </span>
                          ) : (
                            <span className="flex flex-wrap gap-2">
                              <button
                                type="button"
                                onClick={() => setPending({ kind: 'access', user: u, enabled: u.disabled })}
                                className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold"
                              >
                                {u.disabled ? 'Enable' : 'Disable'} <span className="sr-only">{u.username}</span>
                              </button>
                              {u.invited && !u.disabled && u.role !== 'client' && (
                                <button
                                  type="button"
                                  aria-label={`Resend invitation to ${u.username}`}
                                  onClick={() => void resend(u)}
                                  className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold"
                                >
                                  Resend invitation
                                </button>
                              )}
                              <button
                                type="button"
                                aria-label={`Reset second factor of ${u.username}`}
                                onClick={() => setPending({ kind: 'reset', user: u })}
                                className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold"
                              >
                                Reset second factor
                              </button>
                            </span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryView>
      {pending?.kind === 'role' && (
        <ConfirmDialog
          title={`Change ${pending.user.username}'s role?`}
          confirmLabel={`Make ${ROLE_LABELS[pending.role].toLowerCase()}`}
          onConfirm={() => run(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            {pending.user.username} goes from {ROLE_LABELS[pending.user.role].toLowerCase()} to{' '}
            {ROLE_LABELS[pending.role].toLowerCase()}. They are signed out now and sign in again under the new role.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'reset' && (
        <ConfirmDialog
          title={`Reset ${pending.user.username}'s second factors?`}
          confirmLabel="Reset second factors"
          destructive
          onConfirm={() => run(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            Their authenticator app, recovery codes and passkeys are removed, and they are signed out everywhere.{' '}
            {pending.user.role === 'client'
              ? 'Their password alone signs them in until they add a passkey again.'
              : 'At their next sign-in, after the password, they set up a new authenticator app.'}
          </p>
          <p>
            Do this only for someone who has lost them and whom you have confirmed is the account&apos;s owner.{' '}
            {pending.user.username} is told by e-mail, and the reset is kept in the audit log.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'access' && (
        <ConfirmDialog
          title={pending.enabled ? `Enable ${pending.user.username}?` : `Disable ${pending.user.username}?`}
          confirmLabel={pending.enabled ? 'Enable account' : 'Disable account'}
          onConfirm={() => run(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            {pending.enabled
              ? `${pending.user.username} can sign in again with their password.`
              : pending.user.role === 'client'
                ? `${pending.user.username} is signed out everywhere at once and cannot sign in until enabled. This closes the client relationship: nothing is deleted now, and their account, reports, files and leads are erased seven years from today unless the account is enabled again or held in the Privacy tab.`
                : `${pending.user.username} is signed out everywhere at once and cannot sign in until enabled. Nothing of theirs is deleted.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
