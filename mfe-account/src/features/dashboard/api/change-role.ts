import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@agency/contracts';
import { http } from '@agency/contracts/client';

/** The server refuses demoting the last master admin. */
export const changeRole = ({ userId, role }: { userId: number; role: Role }) =>
  http.patch(`/api/admin/users/${userId}/role`, { role });

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    // Refused or not, the list shows the role the server holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
