import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, type GoogleSourcesInput, type GoogleState } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Staff choose the client's GA4 property and Search Console site among the grant's. */
export const saveGoogleSources = ({ clientId, sources }: { clientId: number; sources: GoogleSourcesInput }) =>
  call(endpoints.saveGoogleSources, { params: { clientId }, body: sources });

/** The answer is the connection as now stored: it replaces the shown one, without asking Google for the lists again. */
export function useSaveGoogleSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoogleSources,
    onSuccess: (connection, { clientId }) =>
      queryClient.setQueryData<GoogleState>(['google', clientId], (state) => state && { ...state, connection }),
  });
}
