import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export type { GoogleConnection, GoogleState } from '@agency/contracts';

/** Staff: whether Google is configured, and a client's connection (who, when, the last fetch and error). */
export const getGoogleState = (clientId: number) => call(endpoints.googleState, { params: { clientId } });

export const useGoogleState = (clientId: number) =>
  useQuery({ queryKey: ['google', clientId], queryFn: () => getGoogleState(clientId) });
