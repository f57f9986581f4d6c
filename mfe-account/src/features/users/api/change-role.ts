import { endpoints, type Role } from '@agency/contracts';
import { call } from '@agency/contracts/client';
import { useInvalidatingMutation } from '../../../lib/query-client';

/** The server refuses demoting the last master admin. */
export const changeRole = ({ userId, role }: { userId: number; role: Role }) =>
  call(endpoints.changeRole, { params: { id: userId }, body: { role } });

export const useChangeRole = () =>
  useInvalidatingMutation(changeRole, ['users'], {
    // Refused or not, the list shows the role the server holds.
    afterFailureToo: true,
  });
