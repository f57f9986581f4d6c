import { endpoints, type ResetPasswordInput } from '@agency/contracts';
import { call } from '@agency/contracts/client';

/** Sets a new password with the e-mailed token; the server ends every session of the account. */
export const resetPassword = (input: ResetPasswordInput) => call(endpoints.resetPassword, { body: input });
