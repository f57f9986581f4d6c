import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export type { GoogleSources } from '@agency/contracts';

/** Staff: the GA4 properties and Search Console sites a client's grant can read, asked of Google. */
export const getGoogleSources = (clientId: number) => call(endpoints.googleSources, { params: { clientId } });

export const useGoogleSources = (clientId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['google', clientId, 'sources'],
    queryFn: () => getGoogleSources(clientId),
    enabled,
    // Each read asks Google: once per visit to the client is enough, and a failure is shown, not retried.
    staleTime: 5 * 60_000,
    retry: false,
  });
