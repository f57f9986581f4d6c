import { useMutation } from '@tanstack/react-query';
import { endpoints, type ChangePasswordInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Ends the account's other sessions; the answer carries a message to show (site-and-accounts §3). */
export const changePassword = (input: ChangePasswordInput) => call(endpoints.changePassword, { body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
