import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageOf, UserSchema } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const UsersPageSchema = pageOf(UserSchema);

/** Master admins: every account and its role. */
export const getUsers = (page: number) => http.get(`/api/admin/users?page=${page}`, { schema: UsersPageSchema });

export const useUsers = (page: number) =>
  useQuery({ queryKey: ['users', page], queryFn: () => getUsers(page), placeholderData: keepPreviousData });
