import { endpoints, type ForgotPasswordInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Answers the same generic success whether or not the account exists; a link goes out if it does. */
export const forgotPassword = (input: ForgotPasswordInput) => call(endpoints.forgotPassword, { body: input });
