import { useState } from 'react';
import { ROLES, type Role, type User } from '@agency/contracts';
import { serverErrorText, useHost } from '@agency/contracts/client';
import { Pager, QueryView } from '../../../components/query-view';
import { useChangeRole } from '../api/change-role';
import { useUsers } from '../api/get-users';

/** Master admin only: every account and its role; the server refuses demoting the last master admin. */
export function UsersPanel() {
  const { toast } = useHost();
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  const changeRole = useChangeRole();

  async function setRole(user: User, role: Role) {
    try {
      await changeRole.mutateAsync({ userId: user.id, role });
      toast({
        title: 'Role changed',
        description: `${user.username} is now ${role.replace('_', ' ')}. They sign in again to use it.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Role change failed',
        description: serverErrorText(error, 'Please try again'),
      });
    }
  }

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
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
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
