import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

export type { ClientAccount } from '@agency/contracts';

/** Staff: the client accounts, by name. */
export const getClients = (page: number) => call(endpoints.adminClients, { query: { page } });

export const useClients = (page: number) =>
  useQuery({ queryKey: ['clients', page], queryFn: () => getClients(page), placeholderData: keepPreviousData });
