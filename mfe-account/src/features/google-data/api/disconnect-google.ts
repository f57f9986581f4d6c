import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type GoogleState } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Staff disconnect a client's Google data: the grant is revoked at Google and the connection removed. */
export const disconnectGoogle = (clientId: number) => call(endpoints.googleDisconnect, { params: { clientId } });

/**
 * Shown as not connected at once, and the lists asked of the grant are dropped: asking Google again with a grant just
 * revoked would only fail.
 */
export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGoogle,
    onSuccess: async (_answer, clientId) => {
      queryClient.removeQueries({ queryKey: ['google', clientId, 'sources'] });
      queryClient.setQueryData<GoogleState>(['google', clientId], (state) => state && { ...state, connection: null });
      await queryClient.invalidateQueries({ queryKey: ['google', clientId], exact: true });
    },
  });
}
