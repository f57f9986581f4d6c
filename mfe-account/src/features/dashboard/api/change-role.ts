import type { Role } from '@agency/contracts';
import { http } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** The server refuses demoting the last master admin. */
export const changeRole = ({ userId, role }: { userId: number; role: Role }) =>
  http.patch(`/api/admin/users/${userId}/role`, { role });

export const useChangeRole = () =>
  useInvalidatingMutation(changeRole, ['users'], {
    // Refused or not, the list shows the role the server holds.
    afterFailureToo: true,
  });
