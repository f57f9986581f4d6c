import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Master admins: every account and its role. */
export const getUsers = (page: number) => call(endpoints.adminUsers, { query: { page } });

export const useUsers = (page: number) =>
  useQuery({ queryKey: ['users', page], queryFn: () => getUsers(page), placeholderData: keepPreviousData });
