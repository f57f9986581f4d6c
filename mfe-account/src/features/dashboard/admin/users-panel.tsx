import { useState } from 'react';
import { ROLES, type Role, type User } from '@agency/contracts';
import { Options } from '../../../components/options';
import { Pager, QueryView } from '../../../components/query-view';
import { useChangeRole } from '../api/change-role';
import { useUsers } from '../api/get-users';
import { resetSecondFactor } from '../api/security';
import { useToastedCall } from '../../../lib/use-toasted-call';

/** Master admin only: every account and its role; the server refuses demoting the last master admin. */
export function UsersPanel() {
  const toasted = useToastedCall();
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  const changeRole = useChangeRole();

  const setRole = (user: User, role: Role) =>
    toasted(
      () => changeRole.mutateAsync({ userId: user.id, role }),
      {
        title: 'Role changed',
        description: `${user.username} is now ${role.replace('_', ' ')}. They sign in again to use it.`,
      },
      { title: 'Role change failed', fallback: 'Please try again' },
    );

  const reset = (user: User) =>
    toasted(
      () => resetSecondFactor(user.id),
      {
        title: 'Second factor reset',
        description: `${user.username} is signed out and sets up a new authenticator app at their next sign-in.`,
      },
      { title: 'Reset failed', fallback: 'Please try again' },
    );

  return (
    <QueryView query={users}>
      {(data) => (
        <>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">User accounts</caption>
            <thead className="border-b text-slate-600">
              <tr>
                <th className="py-2">Username</th>
                <th>E-mail</th>
                <th>Role</th>
                <th>
                  <span className="sr-only">Second factor</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((u) => (
                <tr key={u.id} className="border-b">
                  <td className="py-2 font-medium">{u.username}</td>
                  <td>{u.email}</td>
                  <td>
                    <select
                      aria-label={`Role of ${u.username}`}
                      value={u.role}
                      onChange={(e) => void setRole(u, e.target.value as Role)}
                      className="rounded border px-2 py-1"
                    >
                      <Options values={ROLES} />
                    </select>
                  </td>
                  <td className="text-right">
                    {u.role !== 'client' && (
                      <button
                        type="button"
                        aria-label={`Reset second factor of ${u.username}`}
                        onClick={() => void reset(u)}
                        className="rounded border px-2 py-1 text-xs font-semibold hover:bg-slate-50"
                      >
                        Reset second factor
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </QueryView>
  );
}
