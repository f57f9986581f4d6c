import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pageOf, UserSchema } from '@agency/contracts';
import { http } from '@agency/contracts/client';

export const ClientAccountSchema = UserSchema.pick({ id: true, username: true, email: true });
export type ClientAccount = z.infer<typeof ClientAccountSchema>;
export const ClientsPageSchema = pageOf(ClientAccountSchema);

/** Staff: the client accounts, by name. */
export const getClients = (page: number) => http.get(`/api/admin/clients?page=${page}`, { schema: ClientsPageSchema });

export const useClients = (page: number) =>
  useQuery({ queryKey: ['clients', page], queryFn: () => getClients(page), placeholderData: keepPreviousData });
