import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@agency/contracts';
import { http } from '@agency/contracts/client';

/** Ends the account's other sessions; the answer may carry a message to show (site-and-accounts §3). */
export const changePassword = (input: ChangePasswordInput) =>
  http.post<{ message?: string } | null>('/api/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
